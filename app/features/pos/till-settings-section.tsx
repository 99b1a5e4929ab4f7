import { z } from 'zod';
import { settingsFields, type WorkspaceSettings } from '../../../schema/workspaces/workspaces';
import { SwitchField } from '../../ui/form-controls';
import { SettingsCard } from '../../ui/settings-card';
import * as s from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { useUpdateSettings } from '../../kit/use-update-settings';

const tillSettings = z.object({ pos_confirm_over_stock: settingsFields.pos_confirm_over_stock });

/** How the till treats selling beyond the stock a device counts: it always warns; this makes it ask. */
export function TillSettingsSection({
  workspaceId,
  settings,
  canEdit,
}: {
  workspaceId: number;
  settings: WorkspaceSettings;
  canEdit: boolean;
}) {
  const update = useUpdateSettings(workspaceId);
  const form = useZodForm(tillSettings, { pos_confirm_over_stock: settings.pos_confirm_over_stock });
  const submit = form.handleSubmit((body) => update.mutateAsync(body));
  return (
    <SettingsCard
      id="till-settings-title"
      title="Point of sale"
      onSubmit={submit}
      canEdit={canEdit}
      saveLabel="Save till settings"
      saving={form.submitting}
    >
      <SwitchField
        isSelected={form.values.pos_confirm_over_stock}
        onChange={(v) => form.set('pos_confirm_over_stock', v)}
        isDisabled={!canEdit}
      >
        Ask the cashier to confirm a sale of more than is in stock
      </SwitchField>
      <p className={s.muted}>The till always warns when a sale goes beyond its stock count, and never refuses the sale.</p>
    </SettingsCard>
  );
}
