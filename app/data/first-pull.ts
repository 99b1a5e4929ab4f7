import { brand } from '../../schema/brand.js';

/**
 * Whether this device's database has ever finished a first sync of a collection of a workspace.
 * Until it has, an empty list on a new phone means "not here yet", not "there are none": the till
 * says its products are on their way rather than "No products to sell yet". Kept in localStorage so
 * every tab of the device sees what the tab that talks to the server has pulled; read from storage
 * once per database and tab, then from memory (a till re-renders on every tap).
 */
const storageKey = (database: string) => `${brand.storagePrefix}-pulled-${database}`;
/** Fired on the window when this tab notes a first sync (other tabs hear of it through `storage`). */
const PULLED_EVENT = `${brand.storagePrefix}-pulled`;

const cache = new Map<string, Set<string>>();

function pulledSet(database: string): Set<string> {
  let known = cache.get(database);
  if (known) return known;
  try {
    const raw: unknown = JSON.parse(globalThis.localStorage?.getItem(storageKey(database)) ?? '[]');
    known = new Set(Array.isArray(raw) ? raw.filter((k): k is string => typeof k === 'string') : []);
  } catch {
    known = new Set();
  }
  cache.set(database, known);
  return known;
}

/** Notes that the first sync of `collection:workspace` is on this device. */
export function notePulled(database: string, key: string): void {
  const known = pulledSet(database);
  if (known.has(key)) return;
  known.add(key);
  try {
    globalThis.localStorage?.setItem(storageKey(database), JSON.stringify([...known]));
  } catch {
    // Storage full or refused: this tab still knows; another shows its ordinary empty state.
  }
  globalThis.dispatchEvent?.(new Event(PULLED_EVENT));
}

export function hasPulled(database: string, key: string): boolean {
  return pulledSet(database).has(key);
}

/** Forgets what a database had pulled (the database itself is being removed). */
export function forgetPulled(database: string): void {
  cache.delete(database);
  globalThis.localStorage?.removeItem(storageKey(database));
}

/** Calls `onChange` when this tab notes a first sync of the database, or another tab does. */
export function subscribePulled(database: string, onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== storageKey(database)) return;
    cache.delete(database);
    onChange();
  };
  addEventListener(PULLED_EVENT, onChange);
  addEventListener('storage', onStorage);
  return () => {
    removeEventListener(PULLED_EVENT, onChange);
    removeEventListener('storage', onStorage);
  };
}
