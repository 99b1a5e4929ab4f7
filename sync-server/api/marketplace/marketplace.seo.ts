import { brand } from '../../../schema/brand.js';
import { formatCents } from '../../../schema/kit/money.js';
import { MARKET_CURRENCY, parsePublicProductId, stockLabels, type MarketProductDetail } from '../../../schema/marketplace/marketplace.js';
import type { AppDeps } from '../../deps.js';
import { absolute, breadcrumbs, siteOrigin, type SeoSource } from '../../seo/page-meta.js';
import { marketFirstScreen } from './market-first-screen.js';
import * as repo from './marketplace.repo.js';
import * as storefrontsRepo from './storefronts.repo.js';
import * as market from './marketplace.service.js';

const availability = { in_stock: 'InStock', low: 'LimitedAvailability', out: 'OutOfStock' } as const;
const rand = (cents: number) => formatCents(cents, MARKET_CURRENCY);
const short = (s: string, n = 155) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/**
 * A product's offer; a group of variants offers each option, within an AggregateOffer giving the
 * lowest and highest price.
 */
function offersOf(p: MarketProductDetail, url: string, seller: Record<string, string>) {
  const offer = (o: { price_cents: number; stock: MarketProductDetail['stock'] }) => ({
    '@type': 'Offer',
    price: (o.price_cents / 100).toFixed(2),
    priceCurrency: MARKET_CURRENCY,
    availability: `https://schema.org/${availability[o.stock]}`,
    url,
    seller,
  });
  if (p.variants.length === 0) return offer(p);
  const prices = p.variants.map((v) => v.price_cents);
  return {
    '@type': 'AggregateOffer',
    priceCurrency: MARKET_CURRENCY,
    lowPrice: (Math.min(...prices) / 100).toFixed(2),
    highPrice: (Math.max(...prices) / 100).toFixed(2),
    offerCount: p.variants.length,
    offers: p.variants.map((v) => ({ ...offer(v), name: v.name, ...(v.sku ? { sku: v.sku } : {}) })),
  };
}

/** The marketplace's public pages as search engines see them, and its part of sitemap.xml. */
export const marketplaceSeo: SeoSource = {
  pages: [
    {
      pattern: /^\/marketplace\/?$/,
      load: async (deps, _match, search) => ({
        title: `Marketplace: shop from local businesses`,
        description: `Find products from small businesses on ${brand.product}, priced in rand and delivered by the sellers.`,
        path: '/marketplace',
        // The home's first screen (a search's results are drawn by the app).
        ...(search.size === 0 ? { firstScreen: marketFirstScreen(await market.home(deps, {})) } : {}),
      }),
    },
    {
      pattern: /^\/marketplace\/product\/([^/]+)\/?$/,
      load: async (deps, match) => {
        const key = parsePublicProductId(decodeURIComponent(match[1]));
        if (!key) return null;
        const p = await repo.productDetail(deps.db, key.workspaceId, key.productId);
        if (!p) return null;
        const origin = siteOrigin(deps);
        // A group of variants is one page: its main product's, whichever option's address was opened.
        const canonical = p.variants.some((v) => v.id === p.group_id) ? p.group_id : p.id;
        const path = `/marketplace/product/${canonical}`;
        const stock = stockLabels[p.stock];
        // A group whose options' prices differ is priced from its lowest.
        const prices = p.variants.map((v) => v.price_cents);
        const price = prices.length > 0 && new Set(prices).size > 1 ? `from ${rand(Math.min(...prices))}` : rand(p.price_cents);
        const facts = [price, stock, p.category, `sold by ${p.seller.name}`].filter(Boolean).join(' · ');
        return {
          title: `${p.name} – ${price}`,
          description: short(`${p.name}: ${facts}.`),
          path,
          type: 'product',
          image: p.image ? `${p.image}?w=1024` : undefined,
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'Product',
              name: p.name,
              ...(p.sku ? { sku: p.sku } : {}),
              ...(p.category ? { category: p.category } : {}),
              ...(p.image ? { image: absolute(origin, `${p.image}?w=1024`) } : {}),
              url: absolute(origin, path),
              brand: { '@type': 'Organization', name: p.seller.name },
              offers: offersOf(p, absolute(origin, path), {
                '@type': 'Organization',
                name: p.seller.name,
                url: absolute(origin, `/storefront/${p.seller.slug}`),
              }),
            },
            breadcrumbs(origin, [
              ['Marketplace', '/marketplace'],
              ...(p.category ? [[p.category, `/marketplace?category=${encodeURIComponent(p.category)}`] as [string, string]] : []),
              [p.name, path],
            ]),
          ],
        };
      },
    },
    {
      pattern: /^\/storefront\/([^/]+)\/?$/,
      load: async (deps, match) => {
        const shop = await storefrontsRepo.storefrontBySlug(deps.db, decodeURIComponent(match[1]));
        if (!shop) return null;
        const origin = siteOrigin(deps);
        const path = `/storefront/${shop.slug}`;
        const about = shop.description ?? `${shop.product_count} products from ${shop.name}`;
        return {
          title: `${shop.name} – shop online`,
          description: short([about, shop.area].filter(Boolean).join(' · ')),
          path,
          type: 'profile',
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'Organization',
              name: shop.name,
              url: absolute(origin, path),
              ...(shop.description ? { description: shop.description } : {}),
              ...(shop.area ? { address: { '@type': 'PostalAddress', addressLocality: shop.area } } : {}),
            },
            breadcrumbs(origin, [
              ['Directory', '/directory'],
              [shop.name, path],
            ]),
          ],
        };
      },
    },
    {
      pattern: /^\/directory\/?$/,
      load: async () => ({
        title: 'Business directory',
        description: `Small businesses with a ${brand.product} storefront: search by name, category and area.`,
        path: '/directory',
      }),
    },
  ],
  async sitemap(deps: AppDeps) {
    const { products, storefronts } = await repo.sitemapEntries(deps.db);
    return [
      { path: '/marketplace', changefreq: 'daily', priority: 0.8 },
      { path: '/directory', changefreq: 'daily', priority: 0.6 },
      ...storefronts.map((s) => ({
        path: `/storefront/${encodeURIComponent(s.slug)}`,
        lastmod: s.updated_at,
        changefreq: 'weekly' as const,
        priority: 0.6,
      })),
      ...products.map((p) => ({
        path: `/marketplace/product/${p.id}`,
        lastmod: p.updated_at,
        changefreq: 'weekly' as const,
        priority: 0.5,
      })),
    ];
  },
};
