import { rootRoute } from '../../routes/root';
import { createRoute } from '@tanstack/react-router';

/** Public pages (landing, pricing, legal, contact). Replaced by the public-site work. */
export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: () => <main><h1>Vuka</h1></main>,
});

export const publicRoutes = [landingRoute] as const;
