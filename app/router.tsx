import { createRouter } from '@tanstack/react-router';
import { rootRoute } from './routes/root';

import { publicRoutes } from './features/public/routes';

const routeTree = rootRoute.addChildren([...publicRoutes]);

export const router = createRouter({ routeTree, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
