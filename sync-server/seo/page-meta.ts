import { brand } from '../../schema/brand.js';
import { FIRST_SCREEN_ID, FIRST_SCREEN_STATE_ID } from '../../schema/kit/first-screen.js';
import type { AppDeps } from '../deps.js';

/**
 * What search engines and link previews read of a public page without running JavaScript
 * (DESIGN.md §16): the server writes it into the HTML shell it sends for that URL.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the page's one true URL (no query string), made absolute with APP_ORIGIN. */
  path: string;
  /** Open Graph type. */
  type?: 'website' | 'product' | 'profile' | 'article';
  /** Absolute path or URL of a preview image. */
  image?: string;
  /** JSON-LD objects (schema.org), each written as its own script tag. */
  jsonLd?: readonly Record<string, unknown>[];
  /** What the page shows before its script runs, so a slow phone paints it without waiting for the app. */
  firstScreen?: FirstScreen;
}

/**
 * A page's first screen as plain HTML (already escaped) and the styles it needs, with the data it
 * was drawn from: the app's page starts from that data instead of asking for it again, and removes
 * the HTML as it draws the same screen (schema/kit/first-screen.ts).
 */
export interface FirstScreen {
  html: string;
  css: string;
  state: unknown;
}

/**
 * One kind of public page: a path pattern and how to load its meta from the database. `load` answers
 * null when the page has nothing to show (a product not for sale): the shell goes out unchanged and
 * the app shows its own not-found page.
 */
export interface MetaPage {
  pattern: RegExp;
  /** `search`: the address's query string (the pattern matches its path). */
  load(deps: AppDeps, match: RegExpExecArray, search: URLSearchParams): Promise<PageMeta | null>;
}

/** One URL of sitemap.xml. */
export interface SitemapUrl {
  path: string;
  lastmod?: Date;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority?: number;
}

/** Everything a module adds to the public site's metadata: its pages and its sitemap entries. */
export interface SeoSource {
  pages?: readonly MetaPage[];
  sitemap?: (deps: AppDeps) => Promise<SitemapUrl[]>;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** JSON inside a script tag: `<` escaped so no text can close the tag. */
const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

export function absolute(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;
}

/**
 * The shell with the page's title, description, canonical URL, Open Graph tags and JSON-LD, and its
 * first screen when it has one.
 */
export function renderShell(shell: string, meta: PageMeta, origin: string): string {
  const title = meta.title.includes(brand.product) ? meta.title : `${meta.title} | ${brand.product}`;
  const url = absolute(origin, meta.path);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(brand.product)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    ...(meta.image
      ? [
          `<meta property="og:image" content="${escapeHtml(absolute(origin, meta.image))}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
        ]
      : [`<meta name="twitter:card" content="summary" />`]),
    ...(meta.jsonLd ?? []).map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  // Replaced through functions: a product name's `$&` or `$'` is text, not a replacement pattern.
  const html = shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
  return meta.firstScreen ? withFirstScreen(html, meta.firstScreen) : html;
}

/**
 * The first screen goes before the app's root, not in it: the app's first render (long before the
 * page's own, on a slow phone) would empty the root and leave the buyer a blank screen meanwhile.
 */
function withFirstScreen(shell: string, first: FirstScreen): string {
  const state = `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${scriptJson(first.state)}</script>`;
  return shell
    .replace('</head>', () => `  <style>${first.css}</style>\n  </head>`)
    .replace('<div id="root">', () => `<div id="${FIRST_SCREEN_ID}">${first.html}</div>\n    ${state}\n    <div id="root">`);
}

/** A BreadcrumbList from (name, path) pairs. */
export function breadcrumbs(origin: string, items: readonly [string, string][]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: absolute(origin, path) })),
  };
}

/** sitemap.xml from the site's URLs. */
export function renderSitemap(origin: string, urls: readonly SitemapUrl[]): string {
  const rows = urls.map((u) => {
    const parts = [`<loc>${escapeHtml(absolute(origin, u.path))}</loc>`];
    if (u.lastmod) parts.push(`<lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod>`);
    if (u.changefreq) parts.push(`<changefreq>${u.changefreq}</changefreq>`);
    if (u.priority !== undefined) parts.push(`<priority>${u.priority.toFixed(1)}</priority>`);
    return `  <url>${parts.join('')}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join('\n')}\n</urlset>\n`;
}

/** The public origin absolute URLs start with (APP_ORIGIN; loadConfig always sets it). */
export function siteOrigin(deps: AppDeps): string {
  return deps.config.APP_ORIGIN ?? `http://localhost:${deps.config.PORT}`;
}
