/**
 * Prints how modules are wired: shared files per module, deep cross-module imports and the largest
 * source files. `npx tsx tests/support/module-report.ts [--deep] [--shared]`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildGraph } from './import-graph.js';
import { deepImports, sharedWirings } from './module-map.js';

const roots = ['app', 'schema', 'sync-server', 'sw'];
const skip = new Set(['node_modules', 'dist', 'screenshots']);

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.(ts|tsx)$/.test(name)) yield relative('.', path);
  }
}

const files = roots.flatMap((root) => [...walk(root)]);
const graph = buildGraph(files);
const args = new Set(process.argv.slice(2));

const wirings = sharedWirings(graph);
let total = 0;
console.log('Shared files per module:');
for (const [module, shared] of wirings) {
  total += shared.length;
  console.log(`  ${module.padEnd(12)} ${String(shared.length).padStart(3)}${args.has('--shared') ? `  ${shared.join(', ')}` : ''}`);
}
console.log(`  ${'sum'.padEnd(12)} ${String(total).padStart(3)}`);

const deep = deepImports(graph);
console.log(`\nDeep cross-module imports: ${deep.length}`);
if (args.has('--deep')) for (const line of deep) console.log(`  ${line}`);

const sizes = files
  .filter((f) => !/\.test\.tsx?$/.test(f))
  .map((f) => ({ f, lines: readFileSync(f, 'utf8').split('\n').length }))
  .sort((a, b) => b.lines - a.lines)
  .slice(0, 10);
console.log('\nLargest source files:');
for (const { f, lines } of sizes) console.log(`  ${String(lines).padStart(5)}  ${f}`);
