import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { ConflictEntry } from '../../data/conflicts-store';
import { RECORDS, recordKindOf } from '../../../schema/sync/records';
import { isReplicatedName } from '../../../schema/replicated';
import { collectionOf, type CollectionName, type UserData } from '../../data/db';
import type { CollectionInfo } from '../../module';
import { installedModules } from '../../kit/installed-modules';
import { syncStatus } from '../../data/sync-status';

/** A conflict log entry with the record's human name, when the record is still on this device. */
export interface LabelledConflict extends ConflictEntry {
  label: string;
  /** What the record is ("Invoice", a record's kind: "Pipeline"). */
  what: string;
}

/** How each module names its collections' records (app/modules.ts). */
function collectionInfos(): { [N in CollectionName]?: CollectionInfo<N> } {
  const infos: { [N in CollectionName]?: CollectionInfo<N> } = {};
  for (const m of installedModules()) Object.assign(infos, m.collections);
  return infos;
}

/** What a record of the collection is called; a record of `records` is named by its kind ("Pipeline"). */
export function collectionLabel(collection: string, doc?: Record<string, unknown>): string {
  const kind = collection === RECORDS && typeof doc?.kind === 'string' ? recordKindOf(doc.kind) : undefined;
  if (kind) return kind.label;
  return (isReplicatedName(collection) ? collectionInfos()[collection]?.label : undefined) ?? collection;
}

/** A record's name as a person typed it (its name or title; a record's inside its data). */
export function typedName(doc: Record<string, unknown>): string | undefined {
  const data: unknown = doc.data;
  const inner = typeof data === 'object' && data !== null ? data : {};
  return [doc.name, doc.title, Reflect.get(inner, 'name'), Reflect.get(inner, 'title')].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
}

async function nameIn<N extends CollectionName>(data: UserData, collection: N, id: string): Promise<string | undefined> {
  const info: CollectionInfo<N> | undefined = collectionInfos()[collection];
  if (!info?.recordName || !data.collections.includes(collection)) return undefined;
  const doc = await collectionOf(data.db, collection).findOne(id).exec();
  return doc ? info.recordName(doc.toMutableJSON()) : undefined;
}

/** What a person calls the record (a contact's name, a planner item's title); otherwise a short id. */
async function recordName(data: UserData, collection: string, id: string): Promise<{ label: string; what: string }> {
  if (collection === RECORDS && data.collections.includes(RECORDS)) {
    const doc = (await collectionOf(data.db, RECORDS).findOne(id).exec())?.toMutableJSON();
    return { label: (doc && typedName(doc)) ?? `#${id.slice(0, 8)}`, what: collectionLabel(collection, doc) };
  }
  const named = isReplicatedName(collection) ? await nameIn(data, collection, id) : undefined;
  return { label: named ?? `#${id.slice(0, 8)}`, what: collectionLabel(collection) };
}

/**
 * The device's conflict log, newest first, re-read whenever the engine reports a change (the status
 * store's counts are refreshed after every write to the log or the refused list).
 */
export function useConflictLog(data: UserData | null): { entries: LabelledConflict[] | null; error: string | null } {
  const version = useStore(syncStatus, (st) => st.rejected);
  const open = useStore(syncStatus, (st) => st.conflicts);
  const [entries, setEntries] = useState<LabelledConflict[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!data) return;
    let cancelled = false;
    data.local
      .conflicts()
      .then((list) => Promise.all(list.map(async (c) => ({ ...c, ...(await recordName(data, c.collection, c.doc_id)) }))))
      .then(
        (list) => {
          if (cancelled) return;
          setEntries(list.sort((a, b) => b.at.localeCompare(a.at)));
          setError(null);
        },
        (err: unknown) => {
          if (!cancelled) setError(err instanceof Error ? err.message : String(err));
        },
      );
    return () => {
      cancelled = true;
    };
  }, [data, version, open]);
  return { entries, error };
}

/** Readable form of a field value from the log ("(empty)" for a cleared field). */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(empty)' : value.map((v) => String(v)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
