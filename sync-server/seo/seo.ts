import { readFile } from 'node:fs/promises';
import type { Request, Response } from 'express';
import type { AppDeps } from '../deps.js';
import { renderShell, siteOrigin, type PageMeta } from './page-meta.js';
import { areaContext } from '../api/areas.js';

/** The meta of the first page an area registered (in area order) whose pattern matches `path`, or null. */
export async function metaFor(deps: AppDeps, path: string, search = new URLSearchParams()): Promise<PageMeta | null> {
  for (const source of areaContext.seo) {
    for (const page of source.pages ?? []) {
      const match = page.pattern.exec(path);
      if (match) return page.load(deps, match, search);
    }
  }
  return null;
}

/**
 * Sends the app's HTML shell for an SPA route, with the page's meta written in when a module
 * registered the path. A failing lookup sends the plain shell: the app still renders.
 */
export function shellSender(deps: AppDeps, shellFile: string) {
  let shell: Promise<string> | null = null;
  return async (req: Request, res: Response) => {
    shell ??= readFile(shellFile, 'utf8');
    let html = await shell;
    try {
      const meta = await metaFor(deps, req.path, new URL(req.originalUrl, 'http://localhost').searchParams);
      if (meta) html = renderShell(html, meta, siteOrigin(deps));
    } catch (err) {
      deps.log.warn({ err, path: req.path }, 'page meta failed; sending the plain shell');
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  };
}
