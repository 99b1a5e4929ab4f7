import { startTransition, useEffect, useState, type DependencyList } from 'react';
import type { Observable } from 'rxjs';

export type LiveQuery<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: string };

const loading = { status: 'loading', data: null, error: null } as const;

/**
 * Subscribes to a live source (an RxDB query's `$`, or several combined) for as long as the
 * component shows it: loading until the first value, then every value, or the error. Unsubscribes
 * on unmount and whenever `deps` change. `open` returns null while the source is not there yet
 * (the device database still opening): that is loading too.
 *
 * Values land as a transition: a write's own echo (a sale appearing in the lists) never renders
 * ahead of, or together with, what the person is waiting for (the receipt of that sale), and a
 * store update that React renders at once (the sync indicator's count) does not pull the lists in.
 */
export function useLiveQuery<T>(open: () => Observable<T> | null, deps: DependencyList): LiveQuery<T> {
  const [state, setState] = useState<LiveQuery<T>>(loading);
  useEffect(() => {
    setState(loading);
    const source = open();
    if (!source) return;
    const sub = source.subscribe({
      next: (data) => startTransition(() => setState({ status: 'ready', data, error: null })),
      error: (err: unknown) => setState({ status: 'error', data: null, error: err instanceof Error ? err.message : String(err) }),
    });
    return () => sub.unsubscribe();
    // `open` is a new closure every render; the caller's `deps` (what `open` reads) say when it changed.
  }, deps);
  return state;
}
