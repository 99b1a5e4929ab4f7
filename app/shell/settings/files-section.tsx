import { z } from 'zod';
import { settingsFields, type WorkspaceSettings } from '../../../schema/workspaces/workspaces';
import { CheckboxField } from '../../ui/form-controls';
import { SettingsCard } from '../../ui/settings-card';
import * as s from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { fileTypes } from './setting-options';
import { useUpdateSettings } from '../../kit/use-update-settings';

const fileSettings = z.object({ allowed_file_types: settingsFields.allowed_file_types });

/** Which files people may upload to this workspace (spec §3 allowed_file_types). */
export function FilesSection({ workspaceId, settings, canEdit }: { workspaceId: number; settings: WorkspaceSettings; canEdit: boolean }) {
  const update = useUpdateSettings(workspaceId);
  const form = useZodForm(fileSettings, { allowed_file_types: settings.allowed_file_types });
  const submit = form.handleSubmit((body) => update.mutateAsync(body));
  const allowed = form.values.allowed_file_types;
  // Types saved earlier that the list above does not name stay visible, so they can be removed.
  const options = [
    ...fileTypes,
    ...settings.allowed_file_types.filter((t) => !fileTypes.some((f) => f.value === t)).map((t) => ({ value: t, label: t })),
  ];

  function toggle(type: string, on: boolean) {
    form.set('allowed_file_types', on ? [...allowed, type] : allowed.filter((t) => t !== type));
  }

  return (
    <SettingsCard
      id="files-title"
      title="Allowed file types"
      onSubmit={submit}
      canEdit={canEdit}
      saveLabel="Save file types"
      saving={form.submitting}
    >
      <div role="group" aria-labelledby="files-title" className={s.twoColumns}>
        {options.map((o) => (
          <CheckboxField key={o.value} isSelected={allowed.includes(o.value)} onChange={(on) => toggle(o.value, on)} isDisabled={!canEdit}>
            {o.label}
          </CheckboxField>
        ))}
      </div>
      {form.errors.allowed_file_types ? (
        <p className={s.muted} role="alert">
          {form.errors.allowed_file_types}
        </p>
      ) : null}
      {allowed.length === 0 ? <p className={s.muted}>No uploads will be accepted.</p> : null}
    </SettingsCard>
  );
}
