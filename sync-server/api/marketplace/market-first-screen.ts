import { brand } from '../../../schema/brand.js';
import { MARKET_CURRENCY, stockLabels, type MarketHome, type MarketProduct } from '../../../schema/marketplace/marketplace.js';
import { FIRST_SCREEN_SEARCH_ID } from '../../../schema/kit/first-screen.js';
import { formatCents } from '../../../schema/kit/money.js';
import { escapeHtml as esc, type FirstScreen } from '../../seo/page-meta.js';
import { firstScreenCss } from './market-first-screen.css.js';

/**
 * /marketplace as plain HTML, the way the app's MarketHomePage draws it (market-home-page.tsx,
 * product-card.tsx, market-layout.tsx): a buyer on a slow phone sees the products as soon as the
 * page arrives, not once the app's script has loaded, asked for them and drawn them. Links and the
 * search form work without the script. The app then draws the same screen from the same data and
 * removes this one (app/features/public/first-screen.ts).
 */
export function marketFirstScreen(home: MarketHome): FirstScreen {
  const html = [
    header(),
    notice(),
    `<main class="fs-main"><div class="fs-container fs-stack">`,
    hero(),
    categories(home.categories),
    section('Featured', home.featured),
    section('New in the marketplace', home.newest),
    `</div></main>`,
  ].join('');
  return { html, css: firstScreenCss, state: home };
}

const marketLinks = [
  ['/marketplace', 'Marketplace'],
  ['/events', 'Events'],
  ['/marketplace/services', 'Services'],
  ['/classifieds', 'Classifieds'],
  ['/magazine', 'Editorial'],
] as const;

function header(): string {
  const links = marketLinks
    .map(([to, label]) => `<a class="fs-nav-link" href="${to}"${to === '/marketplace' ? ' aria-current="page"' : ''}>${label}</a>`)
    .join('');
  return (
    `<header class="fs-header"><div class="fs-bar">` +
    `<a class="fs-logo" href="/" aria-label="${esc(brand.product)} home">${esc(brand.product)}</a>` +
    `<nav class="fs-top-links" aria-label="Marketplace">${links}</nav>` +
    `<div class="fs-tools"><a class="fs-cart" href="/cart" aria-label="Cart">${cartIcon}</a>` +
    `<span class="fs-desktop"><a class="fs-button fs-secondary" href="/auth">Sign In</a></span>` +
    `<button type="button" class="fs-menu">Menu</button></div></div></header>`
  );
}

const cartIcon =
  '<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true">' +
  '<path d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.8h8.2a2 2 0 0 0 2-1.6L21 8H6" stroke-linecap="round" stroke-linejoin="round"></path>' +
  '<circle cx="10" cy="20.5" r="1.5"></circle><circle cx="18" cy="20.5" r="1.5"></circle></svg>';

/** The phone notice (desktop-notice.tsx); the app hides it again when the buyer dismissed it before. */
function notice(): string {
  return (
    `<div class="fs-notice" role="note" aria-label="Best viewed on desktop">` +
    `<span>${esc(brand.product)} is best viewed on a desktop or laptop. Everything works on your phone too.</span>` +
    `<button type="button" class="fs-notice-close" aria-label="Dismiss notice">×</button></div>`
  );
}

function hero(): string {
  return (
    `<div class="fs-stack fs-hero"><h1 class="fs-h1">Marketplace</h1>` +
    `<p class="fs-muted">Products from small businesses, priced in rand.</p>` +
    `<form role="search" class="fs-search" action="/marketplace" method="get">` +
    `<div class="fs-search-input"><div class="fs-field"><label class="fs-label" for="${FIRST_SCREEN_SEARCH_ID}">Search products</label>` +
    `<input class="fs-input" id="${FIRST_SCREEN_SEARCH_ID}" name="q" type="search" placeholder="e.g. chocolate, scarf, coffee"></div></div>` +
    `<button type="submit" class="fs-button fs-primary">Search</button></form></div>`
  );
}

function categories(list: MarketHome['categories']): string {
  if (list.length === 0) return '';
  const chips = list.map((c) => {
    const href = `/marketplace?${new URLSearchParams({ category: c.name }).toString()}`;
    return `<li><a class="fs-chip" href="${esc(href)}">${esc(c.name)} (${c.count})</a></li>`;
  });
  return (
    `<nav aria-label="Categories"><ul class="fs-chips">` +
    `<li><a class="fs-chip" href="/marketplace" aria-current="page">All</a></li>${chips.join('')}</ul></nav>`
  );
}

function section(title: string, products: readonly MarketProduct[]): string {
  if (products.length === 0) return '';
  return (
    `<section aria-label="${esc(title)}"><h2 class="fs-h2">${esc(title)}</h2>` +
    `<ul class="fs-grid">${products.map((p) => `<li>${card(p)}</li>`).join('')}</ul></section>`
  );
}

const rand = (cents: number) => formatCents(cents, MARKET_CURRENCY);

function card(p: MarketProduct): string {
  const picture = p.image
    ? `<img class="fs-card-image" src="${esc(`${p.image}?w=512`)}" alt="" loading="lazy" decoding="async">`
    : `<span class="fs-card-image fs-card-placeholder" aria-hidden="true">${esc(p.name.trim()[0]?.toUpperCase() ?? '?')}</span>`;
  const stock = p.stock === 'low' && p.stock_left !== null ? `Only ${p.stock_left} left` : stockLabels[p.stock];
  const price =
    (p.price_from ? `<span class="fs-card-seller">From</span>` : '') +
    `<span class="fs-price">${esc(rand(p.price_cents))}</span>` +
    (p.was_cents !== null ? `<span class="fs-was">${esc(rand(p.was_cents))}</span>` : '');
  return (
    `<div class="fs-card-wrap"><a class="fs-card" href="/marketplace/product/${encodeURIComponent(p.id)}">${picture}` +
    `<span class="fs-card-body"><span class="fs-card-name">${esc(p.name)}</span>` +
    `<span class="fs-card-seller">${esc(p.seller.name)}</span>` +
    `<span class="fs-stock fs-${p.stock}">${esc(stock)}</span>` +
    `<span class="fs-price-row">${price}</span></span></a>` +
    `<button type="button" class="fs-heart" aria-label="Save ${esc(p.name)} to your wishlist"><span class="fs-heart-glyph" aria-hidden="true">♡</span></button></div>`
  );
}
