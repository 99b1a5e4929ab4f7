import { useMemo, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { WorkspaceSettings } from '../../../../schema/workspaces';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { SelectField, SwitchField } from '../../../ui/form-controls';
import * as s from '../../../ui/page.css';
import { currencies, dateFormats, languages, timeFormats, timeZoneOptions, withCurrent } from './setting-options';
import { useUpdateSettings } from './use-update-settings';

/** spec §3 workspace_settings: timezone, date and time format, language, currency, dark mode. */
export function PreferencesSection({
  workspaceId,
  settings,
  canEdit,
}: {
  workspaceId: number;
  settings: WorkspaceSettings;
  canEdit: boolean;
}) {
  const update = useUpdateSettings(workspaceId);
  const [timezone, setTimezone] = useState(settings.timezone);
  const [dateFormat, setDateFormat] = useState(settings.date_format);
  const [timeFormat, setTimeFormat] = useState(settings.time_format);
  const [language, setLanguage] = useState(settings.language);
  const [currency, setCurrency] = useState(settings.currency);
  const [darkMode, setDarkMode] = useState(settings.dark_mode);
  const zones = useMemo(() => timeZoneOptions(settings.timezone), [settings.timezone]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    update.mutate({
      timezone,
      date_format: dateFormat,
      time_format: timeFormat,
      language,
      currency,
      dark_mode: darkMode,
    });
  }

  return (
    <Card aria-labelledby="preferences-title">
      <h2 className={s.sectionTitle} id="preferences-title">
        Preferences
      </h2>
      <Form className={s.stack} onSubmit={submit}>
        <div className={s.twoColumns}>
          <SelectField label="Time zone" name="timezone" value={timezone} options={zones} onChange={setTimezone} isDisabled={!canEdit} />
          <SelectField
            label="Currency"
            name="currency"
            value={currency}
            options={withCurrent(currencies, settings.currency)}
            onChange={setCurrency}
            isDisabled={!canEdit}
          />
          <SelectField
            label="Date format"
            name="date_format"
            value={dateFormat}
            options={withCurrent(dateFormats, settings.date_format)}
            onChange={setDateFormat}
            isDisabled={!canEdit}
          />
          <SelectField
            label="Time format"
            name="time_format"
            value={timeFormat}
            options={withCurrent(timeFormats, settings.time_format)}
            onChange={setTimeFormat}
            isDisabled={!canEdit}
          />
          <SelectField
            label="Language"
            name="language"
            value={language}
            options={withCurrent(languages, settings.language)}
            onChange={setLanguage}
            hint="Saved for this workspace; the app itself is in English for now."
            isDisabled={!canEdit}
          />
        </div>
        <SwitchField isSelected={darkMode} onChange={setDarkMode} isDisabled={!canEdit}>
          Dark mode
        </SwitchField>
        {canEdit ? (
          <div className={s.formActions}>
            <Button type="submit" isPending={update.isPending}>
              Save preferences
            </Button>
          </div>
        ) : null}
      </Form>
    </Card>
  );
}
