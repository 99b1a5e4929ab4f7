import type { ManifestTransform } from 'workbox-build';

/** DESIGN.md §8: the precache (app shell, route chunks, icons) stays under 2 MiB. */
export const PRECACHE_BUDGET_BYTES = 2 * 1024 * 1024;

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}

/**
 * A Workbox manifest transform that fails the build when the precache outgrows the budget, naming
 * the largest files so whoever grew it knows where to look (usually a module that should be lazy).
 */
export function precacheBudget(limit = PRECACHE_BUDGET_BYTES): ManifestTransform {
  return (entries) => {
    const total = entries.reduce((sum, e) => sum + e.size, 0);
    if (total >= limit) {
      const largest = [...entries]
        .sort((a, b) => b.size - a.size)
        .slice(0, 5)
        .map((e) => `  ${e.url} ${formatBytes(e.size)}`)
        .join('\n');
      throw new Error(
        `Precache is ${(total / 1024).toFixed(2)} KiB, over the ${(limit / 1024).toFixed(0)} KiB budget (DESIGN.md §8). Largest files:\n${largest}`,
      );
    }
    return { manifest: entries, warnings: [] };
  };
}
