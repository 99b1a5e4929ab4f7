import { readFile } from 'node:fs/promises';
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps.js';
import { renderShell, renderSitemap, siteOrigin, type PageMeta } from './page-meta.js';
import { seoSources } from './registry.js';

/** The meta of the first registered page whose pattern matches `path`, or null. */
export async function metaFor(deps: AppDeps, path: string, search = new URLSearchParams()): Promise<PageMeta | null> {
  for (const source of seoSources) {
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

/** sitemap.xml: every source's URLs, from the database. */
export function seoRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/sitemap.xml', async (_req, res) => {
    const lists = await Promise.all(seoSources.map((s) => (s.sitemap ? s.sitemap(deps) : Promise.resolve([]))));
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/xml').send(renderSitemap(siteOrigin(deps), lists.flat()));
  });
  return router;
}
