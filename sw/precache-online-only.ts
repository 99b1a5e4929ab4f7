import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ManifestTransform } from 'workbox-build';

/** What the precache needs of Vite's build manifest (dist/.vite/manifest.json). */
export interface BuildChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The files that only online pages need: chunks that pages left out of the install import and
 * nothing installed does (a marketplace layout, a classifieds form), and the styles only those
 * chunks carry. Such a file is fetched with its page and kept by the worker's chunk cache, as the
 * page is; precaching it would only spend a phone's data on code it cannot use without a signal.
 * `online` says which files the install leaves out (the build's globIgnores).
 */
export function onlineOnlyFiles(manifest: Record<string, BuildChunk>, online: (file: string) => boolean): Set<string> {
  const importers = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    for (const imported of chunk.imports ?? []) importers.set(imported, [...(importers.get(imported) ?? []), key]);
  }
  const memo = new Map<string, boolean>();
  const onlineOnly = (key: string, seen: ReadonlySet<string>): boolean => {
    const known = memo.get(key);
    if (known !== undefined) return known;
    // A cycle of chunks importing each other: the way back to an installed page decides.
    if (seen.has(key)) return true;
    const chunk = manifest[key];
    const by = importers.get(key) ?? [];
    const result =
      chunk.isEntry || chunk.isDynamicEntry
        ? online(chunk.file)
        : online(chunk.file) || (by.length > 0 && by.every((k) => onlineOnly(k, new Set([...seen, key]))));
    memo.set(key, result);
    return result;
  };
  const files = new Set<string>();
  const cssUsers = new Map<string, boolean[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const only = onlineOnly(key, new Set());
    if (only) files.add(chunk.file);
    for (const css of chunk.css ?? []) cssUsers.set(css, [...(cssUsers.get(css) ?? []), only]);
  }
  for (const [css, users] of cssUsers) if (users.every(Boolean)) files.add(css);
  return files;
}

/** Turns the build's ignore globs ('assets/pages-*.js') into a test of a built file's name. */
export function globTest(globs: readonly string[]): (file: string) => boolean {
  const patterns = globs.map(
    (g) =>
      new RegExp(
        `^${g
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*\/?/g, '.*')
          .replace(/(?<!\.)\*/g, '[^/]*')}$`,
      ),
  );
  return (file) => patterns.some((p) => p.test(file));
}

/** A Workbox manifest transform leaving out the online-only files of the build in `outDir()` (read when it runs). */
export function skipOnlineOnly(outDir: () => string, globIgnores: readonly string[]): ManifestTransform {
  return (entries) => {
    const manifest = JSON.parse(readFileSync(join(outDir(), '.vite/manifest.json'), 'utf8')) as Record<string, BuildChunk>;
    const skipped = onlineOnlyFiles(manifest, globTest(globIgnores));
    return { manifest: entries.filter((e) => !skipped.has(e.url)), warnings: [] };
  };
}
