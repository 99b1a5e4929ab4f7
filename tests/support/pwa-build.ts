import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Builds the app into a fresh temporary folder with `VITE_BUILD_ID` set, so two builds differ the
 * way two releases do (new chunk hashes, new precache manifest, new sw.js).
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
