/**
 * Where each module lives and how the rest of the code reaches it (DESIGN.md §12): which files are
 * a module's own, which shared files are wired to it, and which imports reach past another module's
 * public entry. The lint enforces the rules; `npx tsx tests/support/module-report.ts` prints the
 * figures.
 */
import type { ImportGraph } from './import-graph.js';

/** The workspace modules: one folder on each side, and their schema. */
export const modules = [
  'ai',
  'bookings',
  'classifieds',
  'content',
  'crm',
  'drive',
  'events',
  'inventory',
  'invoices',
  'marketplace',
  'planner',
  'pos',
  'projects',
  'reports',
] as const;

export type ModuleId = (typeof modules)[number];

const known = new Set<string>(modules);

/** The module a source file belongs to, or undefined for shared code (shell, kit, data, core, tests). */
export function moduleOf(file: string): ModuleId | undefined {
  const parts = file.split('/');
  if ((parts[0] === 'app' && parts[1] === 'features') || (parts[0] === 'sync-server' && parts[1] === 'api')) {
    return known.has(parts[2]) ? (parts[2] as ModuleId) : undefined;
  }
  if (parts[0] === 'schema' && parts.length > 2) return known.has(parts[1]) ? (parts[1] as ModuleId) : undefined;
  return undefined;
}

/**
 * A module's public entries, the only files another module may import: its schema (a shared
 * contract by nature), and `index.ts` at the root of its app or server folder.
 */
export function isPublicEntry(file: string): boolean {
  if (file.startsWith('schema/')) return true;
  return /^(app\/features|sync-server\/api)\/[^/]+\/index\.tsx?$/.test(file);
}

function isTest(file: string) {
  return file.startsWith('tests/') || file.startsWith('bench/') || /\.test\.tsx?$/.test(file);
}

/** Imports from one module into another module's internals, as `from → to`. */
export function deepImports(graph: ImportGraph): string[] {
  const out: string[] = [];
  for (const [file, edges] of graph) {
    const from = moduleOf(file);
    if (!from || isTest(file)) continue;
    for (const target of edges) {
      const to = moduleOf(target);
      if (to && to !== from && !isPublicEntry(target)) out.push(`${file} → ${target}`);
    }
  }
  return out.sort();
}

/** For each module, the shared (non-module, non-test) files that import one of its files. */
export function sharedWirings(graph: ImportGraph): Map<ModuleId, string[]> {
  const out = new Map<ModuleId, Set<string>>(modules.map((m) => [m, new Set<string>()]));
  for (const [file, edges] of graph) {
    if (moduleOf(file) || isTest(file)) continue;
    for (const target of edges) {
      const to = moduleOf(target);
      if (to) out.get(to)?.add(file);
    }
  }
  return new Map([...out].map(([m, files]) => [m, [...files].sort()]));
}

/**
 * The shared files that name modules (DESIGN.md §12): the app's module list (and the entry that
 * starts the app), the server's area list and the schema registry. Nothing else shared may import a
 * module's file.
 */
const moduleLists = new Set(['app/modules.ts', 'app/main.tsx', 'sync-server/api/areas.ts', 'schema/registry.ts']);

/**
 * The module rules, as lint offences (`file: rule: …`):
 * - `app/features` holds modules only (the shell, the kit and other screens live elsewhere);
 * - shared code (the app's shell, kit, data and router; the server's core, billing and payments;
 *   shared schema) imports no module file, schema included: modules reach it through their
 *   definitions, named in the three lists;
 * - no module imports past another module's public entry (`index.ts`, or its schema).
 */
export function moduleOffences(graph: ImportGraph): string[] {
  const out: string[] = [];
  for (const [file, edges] of graph) {
    if (isTest(file)) continue;
    if (file.startsWith('app/features/') && !moduleOf(file)) {
      out.push(`${file}: app/features holds modules only: ${file.split('/')[2]} is not a module (see tests/support/module-map.ts)`);
    }
    if (moduleOf(file) || moduleLists.has(file)) continue;
    for (const target of edges) {
      if (moduleOf(target)) out.push(`${file}: only the module lists import modules (use the module's definition): imports ${target}`);
    }
  }
  for (const line of deepImports(graph)) {
    out.push(`${line.replace(' → ', ': a module imports another only through its index.ts: imports ')}`);
  }
  return out;
}
