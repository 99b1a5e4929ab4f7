import type { AppDeps } from '../deps.js';
import type { Queryable } from '../db/db.js';

/** Test seams inside a push transaction (e.g. hold one push open while another commits). */
export interface PushHooks {
  /** Runs inside the transaction, before its scope is set and the workspace lock taken. */
  beforeLock?: (tx: Queryable) => Promise<void>;
}

const hooks = new WeakMap<AppDeps, PushHooks>();

export function setPushHooks(deps: AppDeps, value: PushHooks | undefined): void {
  if (value) hooks.set(deps, value);
  else hooks.delete(deps);
}

export function pushHooksOf(deps: AppDeps): PushHooks {
  return hooks.get(deps) ?? {};
}
