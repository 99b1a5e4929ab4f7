/**
 * The project's own lint rules, beyond the type checker: the habits STYLE.md asks for that a
 * compiler can't see. Exits non-zero listing every offence.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { boundaryOffences, buildGraph, findCycles, lazyCycles, staticImports } from './import-graph.js';
import { moduleOffences } from './module-map.js';

const roots = ['app', 'schema', 'sync-server', 'sw', 'tests', 'bench'];
const skip = new Set(['node_modules', 'dist', 'screenshots']);

interface Rule {
  name: string;
  applies: (file: string) => boolean;
  pattern: RegExp;
}

const rules: Rule[] = [
  { name: 'no `any`', applies: isTs, pattern: /(:\s*any\b|\bas any\b|<any>)/ },
  { name: 'no type-checker silencing', applies: isTs, pattern: /@ts-ignore|@ts-nocheck|eslint-disable/ },
  { name: 'no focused or skipped tests', applies: isTs, pattern: /\b(it|test|describe)\.(only|skip)\(|\bxit\(/ },
  {
    name: 'no bare fetch of the API in the app (use app/data/api.ts with the contract)',
    applies: (f) => f.startsWith('app/') && !f.startsWith('app/data/api.ts') && isTs(f),
    pattern: /fetch\(\s*['"`]\/api\//,
  },
  {
    name: 'no default exports outside config files',
    applies: (f) => isTs(f) && !/config\.ts$|global-setup\.ts$|sw\.ts$/.test(f),
    pattern: /^export default /m,
  },
];

function isTs(file: string) {
  return /\.(ts|tsx)$/.test(file);
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

const offences: string[] = [];
for (const root of roots) {
  for (const path of walk(root)) {
    const file = relative('.', path);
    if (file === 'tests/support/lint.ts') continue;
    const text = readFileSync(path, 'utf8');
    for (const rule of rules) {
      if (!rule.applies(file)) continue;
      text.split('\n').forEach((line, i) => {
        if (/^\s*(\*|\/\/|\/\*)/.test(line)) return;
        if (rule.pattern.test(line)) offences.push(`${file}:${i + 1}: ${rule.name}: ${line.trim()}`);
      });
    }
  }
}

// The import graph: no cycles (static, or closed through a lazy import()), the boundaries between
// layers hold, and modules meet only through the three lists and their public entries.
const sources: string[] = [];
for (const root of roots) for (const path of walk(root)) if (isTs(path)) sources.push(relative('.', path));
const graph = buildGraph(sources);
for (const cycle of findCycles(graph)) offences.push(`import cycle: ${cycle.join(' ↔ ')}`);
for (const cycle of lazyCycles(graph, buildGraph(sources, undefined, { dynamic: true }))) {
  offences.push(`import cycle through import(): ${cycle.join(' ↔ ')}`);
}
offences.push(...boundaryOffences(graph, (file) => staticImports(readFileSync(file, 'utf8'))));
offences.push(...moduleOffences(graph));

if (offences.length) {
  console.error(offences.join('\n'));
  console.error(`\n${offences.length} lint offence(s)`);
  process.exit(1);
}
console.log('lint: clean');
