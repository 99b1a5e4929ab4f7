import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useAuth } from '../data/auth-store';
import { createRootRoute, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { CookieConsent } from '../features/public/cookie-consent';
import { OfflineMark, PwaUpdatePrompt } from '../features/pwa';
import { queryClient } from '../data/query-client';
import { useCurrentUserSync } from '../data/session';
import { useSessionWatch } from '../data/session-watch';
import { SessionRecoveryToast } from '../features/auth/session-recovery-toast';
import { useApplyTheme } from '../ui/theme-mode';
import { Toaster } from '../ui/toaster';
import { NotFound } from './not-found';

const SyncProvider = lazy(() => import('../features/sync/sync-provider').then((m) => ({ default: m.SyncProvider })));

export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

/** Global pieces every page shares: session, theme, toasts, recovery toast, cookie consent. */
function Shell() {
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useCurrentUserSync();
  useSessionWatch();
  useApplyTheme(pathname);
  const signedIn = useAuth().user !== null;
  return (
    // react-aria links (ButtonLink, menu items with href) navigate through the router, not a reload.
    <AriaRouterProvider navigate={(href) => void router.history.push(href)} useHref={(href) => href}>
      {/* In a workspace the header's sync status says so already. */}
      {/^\/workspace\/\d/.test(pathname) ? null : <OfflineMark />}
      <Outlet />
      {signedIn ? (
        <Suspense fallback={null}>
          <SyncProvider />
        </Suspense>
      ) : null}
      <Toaster />
      <SessionRecoveryToast />
      <CookieConsent />
      <PwaUpdatePrompt />
    </AriaRouterProvider>
  );
}
