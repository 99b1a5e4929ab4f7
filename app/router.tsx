import { createRouter } from '@tanstack/react-router';
import { accountRoutes } from './shell/account/routes';
import { authRoutes, welcomeRoutes } from './shell/auth/routes';
import { publicRoutes } from './shell/public/routes';
import { openWorkspaceRoutes, workspaceCoreRoutes, workspaceRoute, workspaceRoutes } from './shell/workspaces/routes';
import { allModules, modulePublicRoutes, moduleRoutes } from './modules';
import { installModules } from './kit/installed-modules';
import { protectedRoute } from './routes/protected';
import { rootRoute } from './routes/root';

installModules(allModules);

const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  ...modulePublicRoutes,
  ...authRoutes,
  ...openWorkspaceRoutes,
  protectedRoute.addChildren([
    ...welcomeRoutes,
    ...workspaceRoutes,
    workspaceRoute.addChildren([...workspaceCoreRoutes, ...moduleRoutes]),
    ...accountRoutes,
  ]),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
