import { createRouter } from '@tanstack/react-router';
import { accountRoutes } from './shell/account/routes';
import { authRoutes, welcomeRoutes } from './shell/auth/routes';
import { invoicePublicRoutes } from './features/invoices/public-routes';
import { publicRoutes } from './shell/public/routes';
import { receiptRoute } from './features/pos/public-routes';
import { workspaceCoreRoutes, workspaceRoute, workspaceRoutes } from './shell/workspaces/routes';
import { modulePublicRoutes, moduleRoutes } from './modules';
import { protectedRoute } from './routes/protected';
import { rootRoute } from './routes/root';

const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  receiptRoute,
  ...invoicePublicRoutes,
  ...modulePublicRoutes,
  ...authRoutes,
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
