import type { RxCollection } from 'rxdb';
import { isReplicatedName } from '../../schema/replicated.js';
import { collectionOf, entities, type CollectionName, type UserData } from './db.js';

type CollectionAction<R> = <T extends { id: string }>(
  collection: RxCollection<T>,
  parse: (raw: Record<string, unknown>) => T,
) => Promise<R>;

function runOn<N extends CollectionName, R>(data: UserData, name: N, action: CollectionAction<R>): Promise<R> {
  return action(collectionOf(data.db, name), (raw) => entities[name].doc.parse(raw));
}

/** Runs `action` on the collection a logged entry belongs to, typed for that collection. */
function onCollection<R>(data: UserData, name: string, action: CollectionAction<R>): Promise<R> | null {
  return isReplicatedName(name) && data.collections.includes(name) ? runOn(data, name, action) : null;
}

/**
 * Puts this device's losing value back (the user chose it over the server's). It becomes an ordinary
 * local edit and syncs like any other; the entry is kept, marked re-applied.
 */
export async function reapplyConflict(data: UserData, key: string): Promise<boolean> {
  const entry = (await data.local.conflicts()).find((c) => c.key === key);
  if (!entry) return false;
  const done = await onCollection(data, entry.collection, async (collection) => {
    const doc = await collection.findOne(entry.doc_id).exec();
    if (!doc) return false;
    await doc.incrementalModify((current) => {
      // A record's field is logged inside its `data` ("data.name").
      const [head, inner] = entry.field.split('.', 2);
      const data: unknown = inner === undefined ? undefined : Reflect.get(current, head);
      const target = typeof data === 'object' && data !== null ? { ...data } : current;
      const field = target === current ? entry.field : inner;
      if (entry.local_value === undefined) Reflect.deleteProperty(target, field);
      else Reflect.set(target, field, entry.local_value);
      if (target !== current) Reflect.set(current, head, target);
      Reflect.set(current, 'updated_at', new Date().toISOString());
      return current;
    });
    return true;
  });
  if (!done) return false;
  await data.local.setConflictStatus(key, 'reapplied');
  return true;
}

export function dismissConflict(data: UserData, key: string): Promise<void> {
  return data.local.setConflictStatus(key, 'dismissed');
}

/**
 * Tries a refused change again (e.g. after upgrading the plan): writes the refused version back as a
 * local change and removes it from the list; if the server refuses again, it comes back with a reason.
 */
export async function reapplyRejected(data: UserData, key: string): Promise<boolean> {
  const entry = (await data.local.rejected()).find((r) => r.key === key);
  if (!entry) return false;
  const fields = Object.fromEntries(Object.entries(entry.document).filter(([k]) => !k.startsWith('_')));
  const done = await onCollection(data, entry.collection, async (collection, parse) => {
    const existing = await collection.findOne(entry.doc_id).exec();
    const base = existing ? existing.toMutableJSON() : {};
    // Server-owned values come from what this device last saw of the server, never from the refused copy.
    const merged = {
      ...fields,
      ...pick(base, ['server_seq', 'server_version', 'stock_on_hand']),
      id: entry.doc_id,
      updated_at: new Date().toISOString(),
    };
    await collection.upsert(parse(merged));
    return true;
  });
  if (!done) return false;
  await data.local.removeRejected(key);
  return true;
}

function pick(source: object, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => Reflect.has(source, k)).map((k) => [k, Reflect.get(source, k)]));
}
