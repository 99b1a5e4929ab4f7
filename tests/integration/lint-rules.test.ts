import { describe, expect, it } from 'vitest';
import {
  boundaryOffences,
  buildGraph,
  dynamicImports,
  findCycles,
  lazyCycles,
  resolveRelative,
  staticImports,
} from '../support/import-graph.js';
import { moduleOffences } from '../support/module-map.js';

/** A tiny in-memory project: file name → source. */
function graphOf(files: Record<string, string>, options: { dynamic?: boolean } = {}) {
  return buildGraph(Object.keys(files), (f) => files[f] ?? '', options);
}

describe('lint: the import graph', () => {
  it('counts type-only imports and re-exports as edges, but not dynamic import()', () => {
    const specs = staticImports(
      [
        "import type { A } from './a.js';",
        "export { b } from './b.js';",
        "import c from 'c-package';",
        "const lazy = () => import('./lazy');",
      ].join('\n'),
    );
    expect(specs).toEqual(['./a.js', './b.js', 'c-package']);
  });

  it('resolves ./x.js to x.ts or x.tsx as the bundler does', () => {
    const exists = (p: string) => p === 'app/x.tsx';
    expect(resolveRelative('app/y.ts', './x.js', exists)).toBe('app/x.tsx');
    expect(resolveRelative('app/y.ts', 'react', exists)).toBeUndefined();
  });

  it('finds a cycle closed only by a type import', () => {
    const graph = graphOf({
      'sync-server/app.ts': "import { areas } from './areas.js';",
      'sync-server/areas.ts': "import { auth } from './auth.js';",
      'sync-server/auth.ts': "import type { AppDeps } from './app.js';",
      'sync-server/leaf.ts': "import type { AppDeps } from './app.js';",
    });
    expect(findCycles(graph)).toEqual([['sync-server/app.ts', 'sync-server/areas.ts', 'sync-server/auth.ts']]);
  });

  it('finds no cycle once the shared type has a file of its own', () => {
    const graph = graphOf({
      'sync-server/deps.ts': 'export interface AppDeps { now(): Date }',
      'sync-server/app.ts': "import { areas } from './areas.js';",
      'sync-server/areas.ts': "import { auth } from './auth.js';",
      'sync-server/auth.ts': "import type { AppDeps } from './deps.js';",
    });
    expect(findCycles(graph)).toEqual([]);
  });

  it('refuses app/ui importing device data, a feature or the router', () => {
    const files = {
      'app/ui/menu.tsx': "import { useAuth } from '../data/auth-store';\nimport { useRouter } from '@tanstack/react-router';",
      'app/data/auth-store.ts': 'export const useAuth = () => null;',
      'app/ui/button.tsx': "import { Button } from 'react-aria-components';",
    };
    const offences = boundaryOffences(graphOf(files), (f) => staticImports(files[f as keyof typeof files]));
    expect(offences).toHaveLength(2);
    expect(offences.join('\n')).toMatch(/app\/ui\/menu\.tsx.*imports app\/data\/auth-store\.ts/);
    expect(offences.join('\n')).toMatch(/app\/ui\/menu\.tsx.*imports @tanstack\/react-router/);
  });

  it('lets features import the design system', () => {
    const files = {
      'app/features/pos/till.tsx': "import { Button } from '../../ui/button';",
      'app/ui/button.tsx': "import { Button as B } from 'react-aria-components';",
    };
    expect(boundaryOffences(graphOf(files), (f) => staticImports(files[f as keyof typeof files]))).toEqual([]);
  });

  it('reads lazy import() calls, anywhere in a file', () => {
    const specs = dynamicImports(
      [
        "import { a } from './a';",
        "const page = lazyRouteComponent(() => import('./page'), 'Page');",
        'const b = () => import(`./b`);',
      ].join('\n'),
    );
    expect(specs).toEqual(['./page', './b']);
  });

  it('finds a loop that closes only through a lazy import()', () => {
    // The workspace route loads its layout lazily; the layout imports the module list, whose
    // modules hang their pages under the workspace route.
    const files = {
      'app/shell/workspace-route.ts': "export const route = lazy(() => import('./workspace-layout'));",
      'app/shell/workspace-layout.tsx': "import { allModules } from '../modules';",
      'app/modules.ts': "import { posModule } from './features/pos/module';",
      'app/features/pos/module.ts': "import { route } from '../../shell/workspace-route';",
    };
    expect(findCycles(graphOf(files))).toEqual([]);
    expect(lazyCycles(graphOf(files), graphOf(files, { dynamic: true }))).toEqual([
      ['app/features/pos/module.ts', 'app/modules.ts', 'app/shell/workspace-layout.tsx', 'app/shell/workspace-route.ts'],
    ]);
    // Once the layout reads the list from where the route tree is built, the loop is gone.
    const fixed = { ...files, 'app/shell/workspace-layout.tsx': "import { installedModules } from '../kit/installed-modules';" };
    expect(lazyCycles(graphOf(fixed), graphOf(fixed, { dynamic: true }))).toEqual([]);
  });

  it('does not report a static cycle twice as a lazy one', () => {
    const files = {
      'app/a.ts': "import { b } from './b';",
      'app/b.ts': "import { a } from './a';\nconst c = () => import('./c');",
      'app/c.ts': '',
    };
    expect(findCycles(graphOf(files))).toHaveLength(1);
    expect(lazyCycles(graphOf(files), graphOf(files, { dynamic: true }))).toEqual([]);
  });
});

describe('lint: modules meet through app/modules.ts and their public entries', () => {
  it('refuses the shell, the kit, app/data and the router importing a module file', () => {
    const files = {
      'app/shell/settings/settings-page.tsx': "import { TillSettingsSection } from '../../features/pos/till-settings-section';",
      'app/kit/today.ts': "import { useInvoices } from '../features/invoices/use-documents';",
      'app/data/stock.ts': "import { x } from '../features/inventory/index';",
      'app/router.tsx': "import { receiptRoute } from './features/pos/public-routes';\nimport { moduleRoutes } from './modules';",
      'app/modules.ts': "import { posModule } from './features/pos/module';",
      'app/features/pos/till-settings-section.tsx': '',
      'app/features/pos/public-routes.ts': '',
      'app/features/pos/module.ts': '',
      'app/features/invoices/use-documents.ts': '',
      'app/features/inventory/index.ts': '',
    };
    const offences = moduleOffences(graphOf(files));
    expect(offences).toHaveLength(4);
    expect(offences.every((o) => o.includes('only the module lists import modules'))).toBe(true);
    // Only the module list itself may name a module.
    expect(offences.join('\n')).not.toMatch(/^app\/modules\.ts/m);
  });

  it("refuses a module importing past another module's index.ts, and lets it use the index", () => {
    const files = {
      'app/features/pos/pos-page.tsx': "import { useContacts } from '../crm/use-contacts';",
      'app/features/invoices/document-form.tsx': "import { useContacts } from '../crm';",
      'app/features/crm/index.ts': "export { useContacts } from './use-contacts';",
      'app/features/crm/use-contacts.ts': 'export const useContacts = () => [];',
      'app/features/crm/crm-page.tsx': "import { useContacts } from './use-contacts';",
    };
    expect(moduleOffences(graphOf(files))).toEqual([
      'app/features/pos/pos-page.tsx: a module imports another only through its index.ts: imports app/features/crm/use-contacts.ts',
    ]);
  });

  it('refuses shared server code importing a module, billing included, and lets the area list name it', () => {
    const files = {
      'sync-server/api/billing/webhook.service.ts': "import { settleTicketPayment } from '../events/tickets.service.js';",
      'sync-server/mail/consent.ts': "import { recordBookingMail } from '../../schema/bookings/bookings.js';",
      'sync-server/main.ts': "import { startDriveSweeper } from './api/drive/drive.sweeper.js';",
      'sync-server/api/areas.ts': "import { eventsArea } from './events/area.js';",
      'sync-server/api/events/area.ts': "import { x } from './tickets.service.js';",
      'sync-server/api/events/tickets.service.ts': '',
      'sync-server/api/drive/drive.sweeper.ts': '',
      'schema/bookings/bookings.ts': '',
    };
    expect(moduleOffences(graphOf(files)).sort()).toEqual([
      "sync-server/api/billing/webhook.service.ts: only the module lists import modules (use the module's definition): imports sync-server/api/events/tickets.service.ts",
      "sync-server/mail/consent.ts: only the module lists import modules (use the module's definition): imports schema/bookings/bookings.ts",
      "sync-server/main.ts: only the module lists import modules (use the module's definition): imports sync-server/api/drive/drive.sweeper.ts",
    ]);
  });

  it("refuses a server module importing past another module's index.ts", () => {
    const files = {
      'sync-server/api/invoices/invoice-delivery.jobs.ts':
        "import { receiptById } from '../pos/pos.repo.js';\nimport { getFile } from '../drive/index.js';",
      'sync-server/api/pos/pos.repo.ts': '',
      'sync-server/api/drive/index.ts': '',
    };
    expect(moduleOffences(graphOf(files))).toEqual([
      'sync-server/api/invoices/invoice-delivery.jobs.ts: a module imports another only through its index.ts: imports sync-server/api/pos/pos.repo.ts',
    ]);
  });

  it('refuses a folder under app/features that is not a module', () => {
    const files = { 'app/features/workspaces/workspace-layout.tsx': '', 'app/features/pos/pos-page.tsx': '' };
    expect(moduleOffences(graphOf(files))).toEqual([
      'app/features/workspaces/workspace-layout.tsx: app/features holds modules only: workspaces is not a module (see tests/support/module-map.ts)',
    ]);
  });
});
