import { useState } from 'react';
import { z } from 'zod';
import type { Contact } from '../../../schema/crm/crm';
import { messages } from '../../../schema/kit/forms';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import * as s from '../../ui/page.css';
import { emptyDraft, matchesSearch, validateDraft } from '../crm';
import { useZodForm } from '../../kit/forms/use-zod-form';
import * as p from './pos.css';

const newCustomer = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  phone: z.string(),
  email: z.string().refine((v) => v.trim() === '' || z.string().email().safeParse(v.trim()).success, messages.validEmail),
});

/**
 * Who the sale is for: a contact picked from the device's contacts, or a new one made here, offline
 * too (it syncs with the rest). Optional: most till sales name nobody.
 */
export function CustomerPicker({
  customer,
  contacts,
  onPick,
  onCreate,
}: {
  customer: Contact | null;
  contacts: readonly Contact[];
  onPick: (contact: Contact | null) => void;
  /** Stores the new contact on the device; resolves to it, or to field messages. */
  onCreate: (draft: {
    name: string;
    phone: string;
    email: string;
  }) => Promise<{ ok: true; contact: Contact } | { ok: false; message: string }>;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const found = contacts.filter((c) => matchesSearch(c, query)).slice(0, 8);
  const close = () => (setOpen(false), setCreating(false), setQuery(''));
  return (
    <div className={p.customer}>
      <div className={p.grow}>
        <p className={`${s.muted} ${s.small}`}>Customer</p>
        <p className={s.itemName} data-testid="sale-customer">
          {customer ? customer.name : 'Walk-in customer'}
        </p>
      </div>
      {customer ? (
        <Button variant="ghost" onPress={() => onPick(null)} aria-label="Remove customer">
          Remove
        </Button>
      ) : null}
      <Button variant="secondary" onPress={() => setOpen(true)}>
        {customer ? 'Change' : 'Add customer'}
      </Button>
      <ModalDialog title={creating ? 'New customer' : 'Choose customer'} isOpen={open} onOpenChange={(o) => !o && close()}>
        {creating ? (
          <NewCustomerForm
            initialName={query}
            onCancel={() => setCreating(false)}
            onCreate={async (draft) => {
              const made = await onCreate(draft);
              if (!made.ok) return made.message;
              onPick(made.contact);
              close();
              return null;
            }}
          />
        ) : (
          <div className={s.dialogBody}>
            <TextField
              label="Search contacts"
              type="search"
              value={query}
              onChange={setQuery}
              placeholder="Name, phone or email"
              autoFocus
            />
            {found.length === 0 ? (
              <p className={s.muted}>{contacts.length === 0 ? 'No contacts on this device yet.' : 'No contact matches.'}</p>
            ) : (
              <ul className={s.list} aria-label="Contacts">
                {found.map((c) => (
                  <li key={c.id}>
                    <Button variant="ghost" wide onPress={() => (onPick(c), close())} aria-label={`Choose ${c.name}`}>
                      <span className={p.contactOption}>
                        <strong>{c.name}</strong>
                        <span className={s.muted}>{[c.phone, c.email].filter(Boolean).join(' · ')}</span>
                      </span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <div className={s.formActions}>
              <Button variant="secondary" onPress={close}>
                Cancel
              </Button>
              <Button onPress={() => setCreating(true)}>New customer</Button>
            </div>
          </div>
        )}
      </ModalDialog>
    </div>
  );
}

function NewCustomerForm({
  initialName,
  onCancel,
  onCreate,
}: {
  initialName: string;
  onCancel: () => void;
  onCreate: (draft: { name: string; phone: string; email: string }) => Promise<string | null>;
}) {
  const form = useZodForm(newCustomer, { name: initialName, phone: '', email: '' });
  const submit = form.handleChecked(async (draft) => {
    const failure = await onCreate(draft);
    return failure ? { name: failure } : null;
  });
  return (
    <form className={s.dialogBody} noValidate onSubmit={submit} aria-label="New customer">
      <TextField label="Name" {...form.field('name')} autoFocus />
      <TextField
        label="Phone"
        {...form.field('phone')}
        type="tel"
        description="With the country code (+27…) to send receipts by WhatsApp"
      />
      <TextField label="Email" {...form.field('email')} type="email" />
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onCancel}>
          Back
        </Button>
        <Button type="submit" isPending={form.submitting}>
          Save customer
        </Button>
      </div>
    </form>
  );
}

/** A contact from the till's quick form, checked with the contacts' own rules. */
export function customerDoc(draft: { name: string; phone: string; email: string }, workspaceId: number) {
  return validateDraft({ ...emptyDraft, ...draft, source: 'Point of sale' }, { id: crypto.randomUUID(), workspace_id: workspaceId });
}
