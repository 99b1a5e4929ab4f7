import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// `npm start`: build the PWA once if there is no build yet, then serve app + API.
if (!existsSync('dist/index.html')) {
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('./main.js');
