import { QueryClientContext } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useAuth } from '../data/auth-store';
import { createRootRoute, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { CookieConsent } from '../shell/public/cookie-consent';
import { useFirstScreenLeftBehind } from '../shell/public/first-screen';
import { OfflineMark } from '../shell/pwa/offline-mark';
import { loadQueryClient, useLoadedQueryClient } from '../data/query-client-slot';
import { useApplyTheme } from '../ui/theme-mode';

// What the first view does not show is loaded after the first paint (DESIGN.md §11).
const SessionServices = lazy(() => import('./session-services').then((m) => ({ default: m.SessionServices })));
const Toaster = lazy(() => import('../ui/toaster').then((m) => ({ default: m.Toaster })));
const PwaUpdatePrompt = lazy(() => import('../shell/pwa/update-prompt').then((m) => ({ default: m.PwaUpdatePrompt })));
const LazyNotFound = lazy(() => import('./not-found').then((m) => ({ default: m.NotFound })));

function NotFound() {
  return (
    <Suspense fallback={null}>
      <LazyNotFound />
    </Suspense>
  );
}

export const rootRoute = createRootRoute({
  // Every page but the landing page may query: the query client is there before it renders.
  beforeLoad: async ({ location }) => {
    if (location.pathname !== '/') await loadQueryClient();
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const client = useLoadedQueryClient();
  useEffect(() => {
    if (!client) return;
    // What QueryClientProvider does: refetch on reconnect, resume paused mutations.
    client.mount();
    return () => client.unmount();
  }, [client]);
  return (
    <QueryClientContext.Provider value={client ?? undefined}>
      <Shell />
    </QueryClientContext.Provider>
  );
}

/** Global pieces every page shares: session, theme, toasts, recovery toast, cookie consent. */
function Shell() {
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useApplyTheme(pathname);
  useFirstScreenLeftBehind(pathname);
  const signedIn = useAuth().user !== null;
  return (
    // react-aria links (ButtonLink, menu items with href) navigate through the router, not a reload.
    <AriaRouterProvider navigate={(href) => void router.history.push(href)} useHref={(href) => href}>
      <CookieConsent />
      {/* In a workspace the header's sync status says so already. */}
      {/^\/workspace\/\d/.test(pathname) ? null : <OfflineMark />}
      <Outlet />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <Suspense fallback={null}>
        <SessionServices signedIn={signedIn} />
      </Suspense>
      <Suspense fallback={null}>
        <PwaUpdatePrompt />
      </Suspense>
    </AriaRouterProvider>
  );
}
