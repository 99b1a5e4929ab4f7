import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Builds the app into a fresh temporary folder with `VITE_BUILD_ID` set, so the build differs from
 * the suite's `dist/` the way a new release does (new chunk hashes, precache manifest and sw.js).
 */
export function buildPwa(buildId: string): string {
  const outDir = mkdtempSync(join(tmpdir(), `vuka-pwa-${buildId}-`));
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: process.cwd(),
    env: { ...process.env, VITE_BUILD_ID: buildId },
    stdio: 'pipe',
  });
  return outDir;
}

/** A private copy of the suite's build (`dist/`, built before the e2e run), to serve as "the release before". */
export function copyCurrentBuild(): string {
  const dist = join(process.cwd(), 'dist');
  if (!existsSync(join(dist, 'sw.js'))) throw new Error('dist/sw.js is missing: run `npx vite build` before the e2e tests.');
  const outDir = mkdtempSync(join(tmpdir(), 'vuka-pwa-current-'));
  cpSync(dist, outDir, { recursive: true });
  return outDir;
}
