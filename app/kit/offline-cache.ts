import { z } from 'zod';
import { brand } from '../../schema/brand';
import { capabilitiesDto, workspaceDto, workspaceSettings } from '../../schema/workspaces/workspaces';
import { ApiError } from '../data/api';
import { registerLogoutHook } from '../data/session';

/**
 * The last workspace data this user fetched, kept per user id in localStorage so the control hub
 * and workspace pages still open with no network (issue 4). The server's answer always wins; this
 * is only read when the request could not reach it. Cleared at logout.
 */
const prefix = `${brand.storagePrefix}-cache-u`;

export function cacheKeyFor(userId: number): string {
  return `${prefix}${userId}`;
}

/** What is remembered: the list, and one workspace / its settings / its capabilities by id. */
export const cached = {
  list: { slot: 'list', schema: z.array(workspaceDto) },
  workspace: (id: number) => ({ slot: `workspace:${id}`, schema: workspaceDto }),
  settings: (id: number) => ({ slot: `settings:${id}`, schema: workspaceSettings }),
  capabilities: (id: number) => ({ slot: `capabilities:${id}`, schema: capabilitiesDto }),
};
export interface CacheSlot<T> {
  slot: string;
  schema: z.ZodType<T>;
}

const stored = z.record(z.string(), z.unknown());

function readAll(userId: number): Record<string, unknown> {
  try {
    const raw = localStorage.getItem(cacheKeyFor(userId));
    if (!raw) return {};
    const parsed = stored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function saveCached<T>(userId: number, entry: CacheSlot<T>, value: T): void {
  try {
    const all = readAll(userId);
    all[entry.slot] = value;
    localStorage.setItem(cacheKeyFor(userId), JSON.stringify(all));
  } catch {
    // storage full or unavailable: offline opening simply needs the network this time
  }
}

export function readCached<T>(userId: number, entry: CacheSlot<T>): T | undefined {
  const value = readAll(userId)[entry.slot];
  if (value === undefined) return undefined;
  // A shape from an older app version is dropped, not shown half-right.
  const parsed = entry.schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** fetch rejects with a TypeError offline; apiRequest wraps that as an ApiError with status 0. */
export function isOffline(err: unknown): boolean {
  return err instanceof TypeError || (err instanceof ApiError && err.status === 0);
}

/**
 * Fetches, remembers the answer for this user, and answers from the remembered copy when the
 * network is down. Without a copy the network error stands, so the page says what happened.
 */
export async function withOfflineCopy<T>(userId: number | null, entry: CacheSlot<T>, fetcher: () => Promise<T>): Promise<T> {
  try {
    const value = await fetcher();
    if (userId !== null) saveCached(userId, entry, value);
    return value;
  } catch (err) {
    if (userId !== null && isOffline(err)) {
      const copy = readCached(userId, entry);
      if (copy !== undefined) return copy;
    }
    throw err;
  }
}

/** Removes every user's workspace copy from this device. */
export function clearWorkspaceCaches(): void {
  try {
    const doomed: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(prefix)) doomed.push(key);
    }
    doomed.forEach((key) => localStorage.removeItem(key));
  } catch {
    // nothing stored
  }
}

registerLogoutHook(clearWorkspaceCaches);
