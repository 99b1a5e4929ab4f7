/**
 * Bundle budgets (DESIGN.md §11): landing-page JS ≤ 120 kB gzip, workspace-shell JS ≤ 300 kB gzip,
 * precache < 2 MiB. Reads an existing build (it builds nothing): `npx vite build` first, then
 *   npx tsx bench/bundle-size.ts [distDir]
 * kB here is 1000 bytes, as Vite prints; gzip at zlib's default level, as servers usually send.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

const chunk = z.object({
  file: z.string(),
  src: z.string().optional(),
  isEntry: z.boolean().optional(),
  isDynamicEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  dynamicImports: z.array(z.string()).optional(),
});
const viteManifest = z.record(z.string(), chunk);
type ViteManifest = z.infer<typeof viteManifest>;

export const budgets = { landingGzip: 120_000, workspaceGzip: 300_000, precacheBytes: 2 * 1024 * 1024 } as const;

/** Route modules whose code a first view needs, besides the entry (matched on the source path). */
const landingRoutes = [/shell\/public\/landing\//];
const workspaceShellRoutes = [/shell\/workspace-layout\./, /shell\/dashboard-page\./];

export interface Figure {
  files: string[];
  raw: number;
  gzip: number;
}

export interface BundleReport {
  landing: Figure;
  workspaceShell: Figure;
  precache: { files: number; bytes: number };
  /** True when route pages are split into their own chunks (lazy routes). */
  routesSplit: boolean;
}

/** The entry's chunk and every chunk it imports statically, plus the given lazy routes' chunks. */
function closure(manifest: ViteManifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  roots.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

function measure(dist: string, files: string[]): Figure {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { files, raw, gzip };
}

/** The URLs vite-plugin-pwa injected into sw.js: exactly what the worker precaches. */
function precacheUrls(dist: string): string[] {
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  return [...new Set([...sw.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((m) => m[1]))];
}

export function measureBundles(distDir = 'dist'): BundleReport {
  const dist = resolve(distDir);
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npx vite build\` first (build.manifest is on).`);
  const manifest = viteManifest.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const routeKeys = (patterns: RegExp[]) => Object.keys(manifest).filter((k) => patterns.some((re) => re.test(k)));

  const urls = precacheUrls(dist);
  return {
    landing: measure(dist, closure(manifest, [...entries, ...routeKeys(landingRoutes).filter((k) => manifest[k].isDynamicEntry)])),
    workspaceShell: measure(dist, closure(manifest, [...entries, ...routeKeys(workspaceShellRoutes)])),
    precache: { files: urls.length, bytes: urls.reduce((sum, url) => sum + statSync(join(dist, url)).size, 0) },
    routesSplit: Object.values(manifest).some((c) => c.isDynamicEntry && c.src?.startsWith('features/')),
  };
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MiB`;

function line(label: string, value: string, budget: string, ok: boolean): string {
  return `${label.padEnd(26)} ${value.padStart(12)}   budget ${budget.padStart(9)}   ${ok ? 'ok' : 'OVER'}`;
}

export function printReport(r: BundleReport): boolean {
  const rows: [string, string, string, boolean][] = [
    ['landing JS (gzip)', kb(r.landing.gzip), kb(budgets.landingGzip), r.landing.gzip <= budgets.landingGzip],
    ['workspace shell JS (gzip)', kb(r.workspaceShell.gzip), kb(budgets.workspaceGzip), r.workspaceShell.gzip <= budgets.workspaceGzip],
    ['precache', mib(r.precache.bytes), mib(budgets.precacheBytes), r.precache.bytes < budgets.precacheBytes],
  ];
  for (const row of rows) console.log(line(...row));
  console.log(`  landing: ${r.landing.files.length} chunks, ${kb(r.landing.raw)} raw`);
  console.log(`  workspace shell: ${r.workspaceShell.files.length} chunks, ${kb(r.workspaceShell.raw)} raw`);
  console.log(`  precache: ${r.precache.files} files`);
  if (!r.routesSplit) console.log('  note: route pages are not split into lazy chunks; every page loads with the landing page.');
  return rows.every((row) => row[3]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = printReport(measureBundles(process.argv[2]));
  if (!ok) process.exitCode = 1;
}
