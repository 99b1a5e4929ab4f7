import { createRouter } from '@tanstack/react-router';
import { accountRoutes } from './features/account/routes';
import { authRoutes, welcomeRoutes } from './features/auth/routes';
import { publicRoutes } from './features/public/routes';
import { workspaceRoutes } from './features/workspaces/routes';
import { protectedRoute } from './routes/protected';
import { rootRoute } from './routes/root';

const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  ...authRoutes,
  protectedRoute.addChildren([...welcomeRoutes, ...workspaceRoutes, ...accountRoutes]),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
