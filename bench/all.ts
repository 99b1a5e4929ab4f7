/**
 * `npm run bench`: every benchmark, each printing figures against a baseline measured in the same
 * run: bundle sizes against the budgets (DESIGN.md §11), landing LCP against a static page, the
 * sync benchmarks against raw SQL, bytes on the wire for a day of trading against its budget, the offline till sale against a raw IndexedDB write,
 * door check-in offline against a bare Ed25519 verify, the Yjs fan-out against a bare WebSocket broadcast, and drive uploads through tus against a plain file copy, with the thumbnail time of a
 * 12-megapixel photo, and marketplace search over 10 000 products against a raw SQL
 * page read, with the /marketplace LCP against a static page.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(cmd: string, args: string[]) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}

if (!existsSync('dist/index.html') || process.env.BENCH_BUILD === '1') run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['tsx', 'bench/bundle-size.ts']);
run('npx', ['tsx', 'bench/landing-lcp.ts']);
run('npx', ['tsx', 'bench/run.ts']);
run('npx', ['tsx', 'bench/wire.ts']);
run('npx', ['tsx', 'bench/pos-sale.ts']);
run('npx', ['tsx', 'bench/door-scan.ts']);
run('npx', ['tsx', 'bench/yjs.ts']);
run('npx', ['tsx', 'bench/drive.ts']);
run('npx', ['tsx', 'bench/marketplace.ts']);
