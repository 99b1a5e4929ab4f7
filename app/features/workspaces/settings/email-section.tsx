import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { z } from 'zod';
import { messages } from '../../../../schema/forms';
import type { WorkspaceSettings } from '../../../../schema/workspaces';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { TextField } from '../../../ui/text-field';
import * as s from '../../../ui/page.css';
import { orNull, useUpdateSettings } from './use-update-settings';

const oneAddress = z.string().trim().email(messages.validEmail);

/** Empty, or every comma-separated part a valid address. */
function checkAddresses(value: string, many: boolean): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  const parts = many
    ? v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
    : [v];
  return parts.every((p) => oneAddress.safeParse(p).success) ? undefined : messages.validEmail;
}

/** spec §3 workspace_settings e-mail fields: template, signature, from, cc, bcc, reply-to. */
export function EmailSection({ workspaceId, settings, canEdit }: { workspaceId: number; settings: WorkspaceSettings; canEdit: boolean }) {
  const update = useUpdateSettings(workspaceId);
  const [from, setFrom] = useState(settings.email_from ?? '');
  const [replyTo, setReplyTo] = useState(settings.email_reply_to ?? '');
  const [cc, setCc] = useState(settings.email_cc ?? '');
  const [bcc, setBcc] = useState(settings.email_bcc ?? '');
  const [template, setTemplate] = useState(settings.email_template ?? '');
  const [signature, setSignature] = useState(settings.email_signature ?? '');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = {
      email_from: checkAddresses(from, false),
      email_reply_to: checkAddresses(replyTo, false),
      email_cc: checkAddresses(cc, true),
      email_bcc: checkAddresses(bcc, true),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    update.mutate({
      email_from: orNull(from),
      email_reply_to: orNull(replyTo),
      email_cc: orNull(cc),
      email_bcc: orNull(bcc),
      email_template: orNull(template),
      email_signature: orNull(signature),
    });
  }

  const ro = !canEdit;
  return (
    <Card aria-labelledby="email-title">
      <h2 className={s.sectionTitle} id="email-title">
        Email
      </h2>
      <Form className={s.stack} onSubmit={submit} validationBehavior="aria">
        <div className={s.pairGrid}>
          <TextField label="From address" type="email" value={from} onChange={setFrom} error={errors.email_from} isReadOnly={ro} />
          <TextField
            label="Reply-to address"
            type="email"
            value={replyTo}
            onChange={setReplyTo}
            error={errors.email_reply_to}
            isReadOnly={ro}
          />
          <TextField
            label="Cc"
            value={cc}
            onChange={setCc}
            error={errors.email_cc}
            description="Separate addresses with commas"
            isReadOnly={ro}
          />
          <TextField
            label="Bcc"
            value={bcc}
            onChange={setBcc}
            error={errors.email_bcc}
            description="Separate addresses with commas"
            isReadOnly={ro}
          />
        </div>
        <TextField label="Email template" value={template} onChange={setTemplate} multiline isReadOnly={ro} />
        <TextField label="Email signature" value={signature} onChange={setSignature} multiline isReadOnly={ro} />
        {canEdit ? (
          <div className={s.formActions}>
            <Button type="submit" isPending={update.isPending}>
              Save email
            </Button>
          </div>
        ) : null}
      </Form>
    </Card>
  );
}
