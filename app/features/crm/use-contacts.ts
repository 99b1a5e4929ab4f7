import { map } from 'rxjs';
import type { Contact } from '../../../schema/crm/crm';
import type { UserData } from '../../data/db';
import { useLiveQuery } from '../../data/use-live-query';
import { editedFields } from './contact-model';

/**
 * The workspace's contacts straight from the device database (no network needed); RxDB's live query
 * re-renders on every local edit and every change the sync brings in. Deleted ones are left out.
 */
export function useContacts(data: UserData | null, workspaceId: number): { contacts: Contact[] | null; error: string | null } {
  const query = useLiveQuery(
    () =>
      data?.db.contacts
        .find({ selector: { workspace_id: workspaceId } })
        .$.pipe(
          map((docs) =>
            docs.map((d) => d.toMutableJSON()).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })),
          ),
        ) ?? null,
    [data, workspaceId],
  );
  return { contacts: query.data, error: query.error };
}

export async function createContact(data: UserData, doc: Contact): Promise<void> {
  await data.db.contacts.insert(doc);
}

/**
 * Writes only the fields the person changed in the form (compared with the contact as the form
 * opened), over the contact as stored now: a change synced in meanwhile to another field is kept,
 * and the merge sees exactly what this device changed. A field emptied in the form is removed.
 */
export async function updateContact(data: UserData, doc: Contact, opened: Contact): Promise<boolean> {
  const stored = await data.db.contacts.findOne(doc.id).exec();
  if (!stored) return false;
  const changedFields = editedFields.filter((f) => JSON.stringify(Reflect.get(doc, f)) !== JSON.stringify(Reflect.get(opened, f)));
  if (changedFields.length === 0) return true;
  await stored.incrementalModify((current) => {
    for (const field of changedFields) {
      const next: unknown = Reflect.get(doc, field);
      if (next === undefined) Reflect.deleteProperty(current, field);
      else Reflect.set(current, field, next);
    }
    current.updated_at = doc.updated_at;
    return current;
  });
  return true;
}

export async function deleteContact(data: UserData, id: string): Promise<void> {
  const stored = await data.db.contacts.findOne(id).exec();
  await stored?.remove();
}
