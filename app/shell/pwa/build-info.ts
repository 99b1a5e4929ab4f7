const raw: unknown = import.meta.env.VITE_BUILD_ID;

/**
 * Which build is running: `VITE_BUILD_ID` at build time (a release tag or commit), else 'local'.
 * Put on <html data-build> so support, and the update test, can tell builds apart.
 */
export const buildId = typeof raw === 'string' && raw !== '' ? raw : 'local';

export function markBuild(): void {
  document.documentElement.dataset.build = buildId;
}
