import { useSyncExternalStore } from 'react';
import { brand } from '../../schema/brand';

/**
 * A small value kept in localStorage under `${brand.storagePrefix}-${name}` and shared by every
 * component that reads it (and by other tabs, through the storage event). A stored value that no
 * longer parses falls back to the default, so an old or hand-edited entry never breaks a page.
 */
export interface LocalSetting<T> {
  key: string;
  get(): T;
  set(value: T): void;
  use(): T;
}

/** What checks a stored value: a zod schema, or a light check from app/routes/search-params.ts. */
export interface StoredValueCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export function localSetting<T>(name: string, schema: StoredValueCheck<T>, fallback: NoInfer<T>): LocalSetting<T> {
  const key = `${brand.storagePrefix}-${name}`;
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; value: T } | null = null;

  function read(): T {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      raw = null;
    }
    if (cache && cache.raw === raw) return cache.value;
    let value: T = fallback;
    if (raw !== null) {
      try {
        const parsed = schema.safeParse(JSON.parse(raw));
        if (parsed.success) value = parsed.data;
      } catch {
        value = fallback;
      }
    }
    cache = { raw, value };
    return value;
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  return {
    key,
    get: read,
    set(value) {
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Private mode or full storage: the choice lasts for this page only.
        cache = { raw: JSON.stringify(value), value };
      }
      for (const l of listeners) l();
    },
    use() {
      return useSyncExternalStore(subscribe, read, () => fallback);
    },
  };
}
