import { z } from 'zod';
import { messages } from '../../../schema/kit/forms';
import { settingsFields, type WorkspaceSettings } from '../../../schema/workspaces/workspaces';
import { TextField } from '../../ui/text-field';
import { SettingsCard } from '../../ui/settings-card';
import * as s from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { orNull, useUpdateSettings } from '../../kit/use-update-settings';

const oneAddress = z.string().trim().email(messages.validEmail);

/** The comma-separated parts of a Cc or Bcc box. */
function parts(value: string): string[] {
  return value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Empty (not set), or one valid address. */
const address = settingsFields.email_from.refine((v) => v === null || oneAddress.safeParse(v).success, messages.validEmail);
/** Empty, or every comma-separated part a valid address. */
const addressList = settingsFields.email_cc.refine((v) => v === null || parts(v).every((p) => oneAddress.safeParse(p).success), {
  message: messages.validEmail,
});

const emailSettings = z.object({
  email_from: address,
  email_reply_to: address,
  email_cc: addressList,
  email_bcc: addressList,
  email_template: settingsFields.email_template,
  email_signature: settingsFields.email_signature,
});

/** spec §3 workspace_settings e-mail fields: template, signature, from, cc, bcc, reply-to. */
export function EmailSection({ workspaceId, settings, canEdit }: { workspaceId: number; settings: WorkspaceSettings; canEdit: boolean }) {
  const update = useUpdateSettings(workspaceId);
  const form = useZodForm(
    emailSettings,
    {
      email_from: settings.email_from ?? '',
      email_reply_to: settings.email_reply_to ?? '',
      email_cc: settings.email_cc ?? '',
      email_bcc: settings.email_bcc ?? '',
      email_template: settings.email_template ?? '',
      email_signature: settings.email_signature ?? '',
    },
    {
      toInput: (v) => ({
        email_from: orNull(v.email_from),
        email_reply_to: orNull(v.email_reply_to),
        email_cc: orNull(parts(v.email_cc).join(', ')),
        email_bcc: orNull(parts(v.email_bcc).join(', ')),
        email_template: orNull(v.email_template),
        email_signature: orNull(v.email_signature),
      }),
    },
  );
  const submit = form.handleSubmit((body) => update.mutateAsync(body));

  const ro = !canEdit;
  return (
    <SettingsCard id="email-title" title="Email" onSubmit={submit} canEdit={canEdit} saveLabel="Save email" saving={form.submitting}>
      <div className={s.pairGrid}>
        <TextField label="From address" type="email" {...form.field('email_from')} isReadOnly={ro} />
        <TextField label="Reply-to address" type="email" {...form.field('email_reply_to')} isReadOnly={ro} />
        <TextField label="Cc" {...form.field('email_cc')} description="Separate addresses with commas" isReadOnly={ro} />
        <TextField label="Bcc" {...form.field('email_bcc')} description="Separate addresses with commas" isReadOnly={ro} />
      </div>
      <TextField label="Email template" {...form.field('email_template')} multiline isReadOnly={ro} />
      <TextField label="Email signature" {...form.field('email_signature')} multiline isReadOnly={ro} />
    </SettingsCard>
  );
}
