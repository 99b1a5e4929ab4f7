import { brand } from '../../schema/brand.js';

/**
 * Whether this device's database has ever finished a first sync of a collection of a workspace.
 * Until it has, an empty list on a new phone means "not here yet", not "there are none": the till
 * says its products are on their way rather than "No products to sell yet". Kept in localStorage so
 * every tab of the device sees what the tab that talks to the server has pulled.
 */
export const pulledStorageKey = (database: string) => `${brand.storagePrefix}-pulled-${database}`;
/** Fired on the window when this tab notes a first sync (other tabs hear of it through `storage`). */
export const PULLED_EVENT = `${brand.storagePrefix}-pulled`;

/** What this tab has noted already (each start of the sync notes again): no storage read for those. */
const noted = new Set<string>();

function pulledSet(database: string): Set<string> {
  try {
    const raw: unknown = JSON.parse(globalThis.localStorage?.getItem(pulledStorageKey(database)) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((k): k is string => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Notes that the first sync of `collection:workspace` is on this device. */
export function notePulled(database: string, key: string): void {
  if (noted.has(`${database}|${key}`)) return;
  noted.add(`${database}|${key}`);
  const known = pulledSet(database);
  if (known.has(key)) return;
  known.add(key);
  try {
    globalThis.localStorage?.setItem(pulledStorageKey(database), JSON.stringify([...known]));
  } catch {
    // Storage full or refused: the till shows its ordinary empty state instead.
  }
  globalThis.dispatchEvent?.(new Event(PULLED_EVENT));
}

export function hasPulled(database: string, key: string): boolean {
  return pulledSet(database).has(key);
}

/** Forgets what a database had pulled (the database itself is being removed). */
export function forgetPulled(database: string): void {
  for (const k of noted) if (k.startsWith(`${database}|`)) noted.delete(k);
  globalThis.localStorage?.removeItem(pulledStorageKey(database));
}
