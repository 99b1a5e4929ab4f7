import { describe, expect, it } from 'vitest';
import { router } from '../../router';
import { availableModules, comingModules, modules } from './content';

// A module's page lives under /workspace/{id}; public pages such as My Orders (/orders) are not module pages.
const workspacePages = new Set(Object.keys(router.routesByPath).filter((p) => p.startsWith('/workspace/$workspaceId/')));

describe('the public module list promises only what is built', () => {
  it('every module marked available opens a page of the workspace', () => {
    expect(availableModules.length).toBeGreaterThan(0);
    for (const m of availableModules) {
      expect(workspacePages, `${m.name} is shown as available but /workspace/$workspaceId/${m.route} does not exist`).toContain(
        `/workspace/$workspaceId/${m.route}`,
      );
    }
  });

  it('the built modules are exactly those with pages in the workspace', () => {
    expect(availableModules.map((m) => m.key).sort()).toEqual([
      'ai',
      'bookings',
      'classifieds',
      'content',
      'crm',
      'drive',
      'events',
      'inventory',
      'invoices',
      'orders',
      'planner',
      'pos',
      'projects',
    ]);
  });

  it('the modules still to come have no page and are all shown as coming', () => {
    for (const m of comingModules)
      expect(
        [...workspacePages].some((p) => p.endsWith(`/${m.key}`)),
        m.key,
      ).toBe(false);
    expect(comingModules.length + availableModules.length).toBe(modules.length);
    expect(comingModules.map((m) => m.key)).toEqual(expect.arrayContaining(['social', 'bookkeeper']));
  });
});
