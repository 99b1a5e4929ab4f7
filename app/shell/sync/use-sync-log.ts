import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { ConflictEntry } from '../../data/conflicts-store';
import { isReplicatedName } from '../../../schema/replicated';
import { collectionOf, type CollectionName, type UserData } from '../../data/db';
import type { CollectionInfo } from '../../module';
import { installedModules } from '../../kit/installed-modules';
import { syncStatus } from '../../data/sync-status';

/** A conflict log entry with the record's human name, when the record is still on this device. */
export interface LabelledConflict extends ConflictEntry {
  label: string;
}

/** How each module names its collections' records (app/modules.ts). */
function collectionInfos(): { [N in CollectionName]?: CollectionInfo<N> } {
  const infos: { [N in CollectionName]?: CollectionInfo<N> } = {};
  for (const m of installedModules()) Object.assign(infos, m.collections);
  return infos;
}

export function collectionLabel(collection: string): string {
  return (isReplicatedName(collection) ? collectionInfos()[collection]?.label : undefined) ?? collection;
}

async function nameIn<N extends CollectionName>(data: UserData, collection: N, id: string): Promise<string | undefined> {
  const info: CollectionInfo<N> | undefined = collectionInfos()[collection];
  if (!info?.recordName || !data.collections.includes(collection)) return undefined;
  const doc = await collectionOf(data.db, collection).findOne(id).exec();
  return doc ? info.recordName(doc.toMutableJSON()) : undefined;
}

/** What a person calls the record (a contact's name, a planner item's title); otherwise a short id. */
async function recordName(data: UserData, collection: string, id: string): Promise<string> {
  const named = isReplicatedName(collection) ? await nameIn(data, collection, id) : undefined;
  return named ?? `#${id.slice(0, 8)}`;
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
      .then((list) => Promise.all(list.map(async (c) => ({ ...c, label: await recordName(data, c.collection, c.doc_id) }))))
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
