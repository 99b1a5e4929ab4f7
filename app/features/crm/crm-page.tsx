import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { SearchField, Input, Label } from 'react-aria-components';
import type { Contact } from '../../../schema/crm/crm';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PageSpinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import * as c from '../../ui/controls.css';
import { useConflictLog } from '../../shell/sync/use-sync-log';
import { DeviceDataGate } from '../../kit/device-data-gate';
import { EmptyState, Notice } from '../../ui/feedback';
import * as w from '../../ui/page.css';
import * as s from '../../shell/sync/sync.css';
import { ContactForm } from './contact-form';
import { draftOf, emptyDraft, matchesSearch, validateDraft, type ContactDraft } from './contact-model';
import { createContact, deleteContact, updateContact, useContacts } from './use-contacts';

const route = getRouteApi('/protected/workspace/$workspaceId/crm');

function countText(n: number): string {
  return n === 1 ? '1 contact' : `${n} contacts`;
}

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; contact: Contact };

/** /workspace/{id}/crm: the workspace's contacts, read and written on this device (works offline). */
export function ContactsPage() {
  const { workspaceId } = route.useParams();
  return <DeviceDataGate>{(data) => <Contacts data={data} workspaceId={workspaceId} />}</DeviceDataGate>;
}

function Contacts({ data, workspaceId }: { data: UserData; workspaceId: number }) {
  const { contacts, error } = useContacts(data, workspaceId);
  const { entries } = useConflictLog(data);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [query, setQuery] = useState('');
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const conflicted = useMemo(
    () => new Set((entries ?? []).filter((e) => e.status === 'open' && e.collection === 'contacts').map((e) => e.doc_id)),
    [entries],
  );

  const save = async (draft: ContactDraft, existing: Contact | null) => {
    const checked = validateDraft(draft, { id: existing?.id ?? crypto.randomUUID(), workspace_id: workspaceId });
    if (!checked.ok) return checked.errors;
    if (existing) {
      const found = await updateContact(data, checked.doc, existing);
      if (!found) throw new Error('it was deleted meanwhile');
      toast({ title: 'Contact saved' });
    } else {
      await createContact(data, checked.doc);
      toast({ title: 'Contact added' });
    }
    setMode({ kind: 'list' });
    return null;
  };

  if (mode.kind !== 'list') {
    const existing = mode.kind === 'edit' ? mode.contact : null;
    return (
      <section className={[w.page, w.narrow].join(' ')} aria-label="Contact">
        <ContactForm
          key={existing?.id ?? 'new'}
          title={existing ? `Edit ${existing.name}` : 'New contact'}
          submitLabel={existing ? 'Save contact' : 'Add contact'}
          initial={existing ? draftOf(existing) : emptyDraft}
          onSubmit={(draft) => save(draft, existing)}
          onCancel={() => setMode({ kind: 'list' })}
        />
      </section>
    );
  }

  const shown = contacts?.filter((ct) => matchesSearch(ct, query)) ?? [];
  return (
    <section className={w.page} aria-labelledby="contacts-title">
      <div className={w.pageHeader}>
        <h1 id="contacts-title" className={w.title}>
          Contacts
        </h1>
        <div className={w.row}>
          <Link to="/workspace/$workspaceId/crm/deals" params={{ workspaceId }}>
            Deals
          </Link>
          <Button onPress={() => setMode({ kind: 'new' })}>New contact</Button>
        </div>
      </div>
      {error ? (
        <Notice tone="error" title="Contacts could not be read">
          {error}
        </Notice>
      ) : null}
      {contacts === null && !error ? <PageSpinner label="Loading contacts..." /> : null}
      {contacts !== null && contacts.length === 0 ? (
        <EmptyState title="No contacts yet">
          <p className={w.muted}>Add the people you sell to. They are saved on this device and sync when you are online.</p>
        </EmptyState>
      ) : null}
      {contacts !== null && contacts.length > 0 ? (
        <>
          <SearchField value={query} onChange={setQuery} className={c.field} aria-label="Search contacts">
            <Label className={w.visuallyHidden}>Search contacts</Label>
            <Input className={c.input} placeholder="Search by name, company, phone, email…" />
          </SearchField>
          <p className={w.muted} role="status">
            {shown.length === contacts.length ? countText(contacts.length) : `${shown.length} of ${countText(contacts.length)}`}
          </p>
          {shown.length === 0 ? <EmptyState title="No contacts match your search" /> : null}
          <ul className={w.list} aria-label="Contacts">
            {shown.map((ct) => (
              <ContactRow
                key={ct.id}
                contact={ct}
                workspaceId={workspaceId}
                conflicted={conflicted.has(ct.id)}
                onEdit={() => setMode({ kind: 'edit', contact: ct })}
                onDelete={() => setDeleting(ct)}
              />
            ))}
          </ul>
        </>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete contact?"
          text={`${deleting.name} will be deleted from this workspace on every device.`}
          confirmLabel="Delete"
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            deleteContact(data, deleting.id).then(
              () => toast({ title: 'Contact deleted' }),
              (err: unknown) => toast({ title: 'Could not delete', description: String(err), variant: 'destructive' }),
            )
          }
        />
      ) : null}
    </section>
  );
}

function ContactRow({
  contact,
  workspaceId,
  conflicted,
  onEdit,
  onDelete,
}: {
  contact: Contact;
  workspaceId: number;
  conflicted: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const nameId = `contact-${contact.id}`;
  return (
    <li className={w.listItem} aria-labelledby={nameId} data-testid="contact-row">
      <div className={w.itemMain}>
        <p className={w.itemName}>
          <span id={nameId} data-testid="contact-name">
            {contact.name}
          </span>
          {conflicted ? (
            <Link
              to="/workspace/$workspaceId/sync"
              params={{ workspaceId }}
              className={s.conflictMark}
              aria-label={`${contact.name} has a sync conflict: review it`}
            >
              conflict
            </Link>
          ) : null}
        </p>
        <p className={w.muted}>
          <span data-testid="contact-company">{contact.company ?? ''}</span>
          {contact.company && contact.stage ? ' · ' : ''}
          <span data-testid="contact-stage">{contact.stage ?? ''}</span>
        </p>
        <p className={[w.muted, w.small].join(' ')}>
          <span data-testid="contact-phone">{contact.phone ?? ''}</span>
          {contact.phone && contact.email ? ' · ' : ''}
          <span data-testid="contact-email">{contact.email ?? ''}</span>
        </p>
      </div>
      <div className={w.actionRow}>
        <Button variant="secondary" onPress={onEdit} aria-label={`Edit ${contact.name}`}>
          Edit
        </Button>
        <Button variant="ghost" onPress={onDelete} aria-label={`Delete ${contact.name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
