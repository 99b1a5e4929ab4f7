import { brand } from '../../../schema/brand.js';
import type { AppDeps } from '../../deps.js';
import { absolute, breadcrumbs, siteOrigin, type PageMeta, type SeoSource } from '../../seo/page-meta.js';
import * as repo from './magazine.repo.js';
import { articleOf } from './magazine.service.js';

const short = (s: string, n = 155) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** The public address of an article's cover at the width link previews use. */
export const coverPath = (slug: string) => `/api/magazine/articles/${slug}/cover?w=1024`;

const frontMeta = (): PageMeta => ({
  title: 'Magazine: stories from small businesses',
  description: `Articles, guides and stories written by the small businesses on ${brand.product}.`,
  path: '/magazine',
});

/**
 * A published article as search engines and link previews see it: its SEO title and description
 * (else its title and summary), Open Graph as an article, and an Article in JSON-LD.
 */
async function articleMeta(deps: AppDeps, slug: string): Promise<PageMeta | null> {
  const row = await repo.article(deps.db, slug);
  if (!row) return null;
  const a = articleOf(row);
  const origin = siteOrigin(deps);
  const path = `/magazine/article/${a.slug}`;
  const image = a.has_cover ? coverPath(a.slug) : undefined;
  const description = short(a.seo_description || a.excerpt || a.title);
  return {
    title: a.seo_title || a.title,
    description,
    path,
    type: 'article',
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: short(a.title, 110),
        description,
        datePublished: a.published_at,
        dateModified: a.updated_at,
        author: { '@type': 'Person', name: a.author_name },
        publisher: { '@type': 'Organization', name: brand.product },
        mainEntityOfPage: absolute(origin, path),
        ...(image ? { image: [absolute(origin, image)] } : {}),
        ...(a.category ? { articleSection: a.category } : {}),
        ...(a.tags.length ? { keywords: a.tags.join(', ') } : {}),
      },
      breadcrumbs(origin, [
        ['Magazine', '/magazine'],
        [a.title, path],
      ]),
    ],
  };
}

/** The magazine's public pages for search engines (DESIGN.md §16), and its part of sitemap.xml. */
export const magazineSeo: SeoSource = {
  pages: [
    { pattern: /^\/magazine\/?$/, load: async () => frontMeta() },
    { pattern: /^\/magazine\/article\/([a-z0-9-]{1,120})\/?$/, load: (deps, match) => articleMeta(deps, match[1]) },
  ],
  async sitemap(deps: AppDeps) {
    const shown = await repo.sitemapArticles(deps.db);
    return [
      { path: '/magazine', changefreq: 'daily' as const, priority: 0.7 },
      ...shown.map((a) => ({
        path: `/magazine/article/${a.magazine_slug}`,
        lastmod: new Date(a.updated_at),
        changefreq: 'weekly' as const,
        priority: 0.6,
      })),
    ];
  },
};
