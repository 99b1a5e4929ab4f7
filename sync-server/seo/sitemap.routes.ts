import { Router } from 'express';
import type { AreaContext } from '../areas/area.js';
import type { AppDeps } from '../deps.js';
import { renderSitemap, siteOrigin } from './page-meta.js';

/** sitemap.xml: every area's public URLs, from the database. */
export function sitemapRoutes(deps: AppDeps, ctx: AreaContext): Router {
  const router = Router();
  router.get('/sitemap.xml', async (_req, res) => {
    const lists = await Promise.all(ctx.seo.map((s) => (s.sitemap ? s.sitemap(deps) : Promise.resolve([]))));
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/xml').send(renderSitemap(siteOrigin(deps), lists.flat()));
  });
  return router;
}
