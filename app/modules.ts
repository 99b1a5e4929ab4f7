import type { AppModule } from './module';
import { aiModule } from './features/ai/module';
import { bookingsModule } from './features/bookings/module';
import { classifiedsModule } from './features/classifieds/module';
import { contentModule } from './features/content/module';
import { crmModule } from './features/crm/module';
import { driveModule } from './features/drive/module';
import { eventsModule } from './features/events/module';
import { inventoryModule } from './features/inventory/module';
import { invoicesModule } from './features/invoices/module';
import { marketplaceModule, marketplaceOrdersModule } from './features/marketplace/module';
import { plannerModule } from './features/planner/module';
import { posModule } from './features/pos/module';
import { projectsModule } from './features/projects/module';
import { reportsModule } from './features/reports/module';

/**
 * Every workspace module, in navigation order: one line each (DESIGN.md §12, README "Adding a
 * module"). The route tree, the workspace navigation, the dashboard's cards, the sync screens' names
 * and the planner's calendar are all built from this list.
 */
export const appModules = [
  inventoryModule,
  posModule,
  crmModule,
  invoicesModule,
  reportsModule,
  plannerModule,
  driveModule,
  projectsModule,
  marketplaceModule,
  marketplaceOrdersModule,
  eventsModule,
  classifiedsModule,
  contentModule,
  aiModule,
  bookingsModule,
] as const;

/** Any page of any module, each with its own route type (the router's typed links depend on them). */
type ModuleRoute = (typeof appModules)[number]['routes'][number];

/** Every module's pages, to hang under /workspace/{id}. */
export const moduleRoutes = appModules.flatMap((m): readonly ModuleRoute[] => m.routes);

/** Any public page of any module (those that have none add nothing). */
type ModulePublicRoute = (typeof appModules)[number] extends infer M
  ? M extends { publicRoutes: readonly (infer R)[] }
    ? R
    : never
  : never;

/** Every module's public pages, to hang under the root route. */
export const modulePublicRoutes = appModules.flatMap((m): readonly ModulePublicRoute[] =>
  'publicRoutes' in m ? (m.publicRoutes as readonly ModulePublicRoute[]) : [],
);

/** The same list seen through the common module shape (for the parts every module may or may not have). */
export const allModules: readonly AppModule[] = appModules;
