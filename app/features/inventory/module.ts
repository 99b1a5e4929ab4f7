import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { productTitle } from '../../../schema/inventory/product-variants';
import { lazy } from 'react';
import { defineModule } from '../../module';
import { workspaceRoute } from '../../shell/workspace-route';

export const inventoryRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'inventory',
  component: lazyRouteComponent(() => import('./inventory-page'), 'InventoryPage'),
});

export const inventoryModule = defineModule({
  id: 'inventory',
  routes: [inventoryRoute],
  nav: { label: 'Inventory', to: '/workspace/$workspaceId/inventory' },
  dashboardCards: [lazy(() => import('./inventory-glance').then((m) => ({ default: m.InventoryGlance })))],
  collections: {
    products: { label: 'Product', recordName: (p) => productTitle(p) },
    stock_movements: { label: 'Stock movement' },
  },
});
