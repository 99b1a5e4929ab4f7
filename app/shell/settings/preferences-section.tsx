import { useMemo } from 'react';
import { z } from 'zod';
import { settingsFields, workspaceSettingsPatch, type WorkspaceSettings } from '../../../schema/workspaces/workspaces';
import { SelectField, SwitchField } from '../../ui/form-controls';
import { SettingsCard } from '../../ui/settings-card';
import * as s from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { currencies, dateFormats, languages, timeFormats, timeZoneOptions, withCurrent } from './setting-options';
import { useUpdateSettings } from '../../kit/use-update-settings';

const preferences = z.object({
  timezone: workspaceSettingsPatch.shape.timezone.unwrap(),
  date_format: settingsFields.date_format,
  time_format: settingsFields.time_format,
  language: settingsFields.language,
  currency: settingsFields.currency,
  dark_mode: settingsFields.dark_mode,
});

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
  const form = useZodForm(preferences, {
    timezone: settings.timezone,
    date_format: settings.date_format,
    time_format: settings.time_format,
    language: settings.language,
    currency: settings.currency,
    dark_mode: settings.dark_mode,
  });
  const submit = form.handleSubmit((body) => update.mutateAsync(body));
  const zones = useMemo(() => timeZoneOptions(settings.timezone), [settings.timezone]);
  const ro = !canEdit;

  return (
    <SettingsCard
      id="preferences-title"
      title="Preferences"
      onSubmit={submit}
      canEdit={canEdit}
      saveLabel="Save preferences"
      saving={form.submitting}
    >
      <div className={s.twoColumns}>
        <SelectField
          label="Time zone"
          name="timezone"
          value={form.values.timezone}
          options={zones}
          onChange={(v) => form.set('timezone', v)}
          error={form.errors.timezone}
          isDisabled={ro}
        />
        <SelectField
          label="Currency"
          name="currency"
          value={form.values.currency}
          options={withCurrent(currencies, settings.currency)}
          onChange={(v) => form.set('currency', v)}
          error={form.errors.currency}
          isDisabled={ro}
        />
        <SelectField
          label="Date format"
          name="date_format"
          value={form.values.date_format}
          options={withCurrent(dateFormats, settings.date_format)}
          onChange={(v) => form.set('date_format', v)}
          error={form.errors.date_format}
          isDisabled={ro}
        />
        <SelectField
          label="Time format"
          name="time_format"
          value={form.values.time_format}
          options={withCurrent(timeFormats, settings.time_format)}
          onChange={(v) => form.set('time_format', v)}
          error={form.errors.time_format}
          isDisabled={ro}
        />
        <SelectField
          label="Language"
          name="language"
          value={form.values.language}
          options={withCurrent(languages, settings.language)}
          onChange={(v) => form.set('language', v)}
          error={form.errors.language}
          hint="Month and day names follow it; the app itself is in English for now."
          isDisabled={ro}
        />
      </div>
      <SwitchField isSelected={form.values.dark_mode} onChange={(v) => form.set('dark_mode', v)} isDisabled={ro}>
        Dark mode
      </SwitchField>
    </SettingsCard>
  );
}
