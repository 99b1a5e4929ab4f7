import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { queryClient } from '../data/query-client';
import { useCurrentUserSync } from '../data/session';
import { useSessionWatch } from '../data/session-watch';
import { SessionRecoveryToast } from '../shell/auth/session-recovery-toast';

const SyncProvider = lazy(() => import('../shell/sync/sync-provider').then((m) => ({ default: m.SyncProvider })));

/**
 * Who is signed in, the 5-minute session check, the recovery toast and, when signed in, the sync
 * session. The root layout loads this after the first paint: the landing page shows without waiting
 * for it (nor for the API client, TanStack Query and the contract's schemas it brings), and protected
 * pages wait on the auth status as before. It brings its own query client context, which the root's
 * may not have yet.
 */
export function SessionServices({ signedIn }: { signedIn: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionHooks />
      <SessionRecoveryToast />
      {signedIn ? (
        <Suspense fallback={null}>
          <SyncProvider />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}

function SessionHooks() {
  useCurrentUserSync();
  useSessionWatch();
  return null;
}
