import { describe, expect, it } from 'vitest';
import { boundaryOffences, buildGraph, findCycles, resolveRelative, staticImports } from '../support/import-graph.js';

/** A tiny in-memory project: file name → source. */
function graphOf(files: Record<string, string>) {
  return buildGraph(Object.keys(files), (f) => files[f] ?? '');
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
});
