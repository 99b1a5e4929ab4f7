import { createRouter } from '@tanstack/react-router';
import { rootRoute } from './routes/root';

const routeTree = rootRoute.addChildren([]);

export const router = createRouter({ routeTree, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
