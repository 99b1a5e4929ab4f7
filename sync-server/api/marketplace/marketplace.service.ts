import {
  marketMessages,
  parsePublicProductId,
  type MarketHome,
  type MarketProductDetail,
  type StorefrontDto,
  type StorefrontSettings,
  type StorefrontSettingsDto,
} from '../../../schema/marketplace/marketplace.js';
import { withScope, type Db } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { Membership } from '../workspaces/membership.js';
import * as repo from './marketplace.repo.js';
import * as searchRepo from './search.repo.js';
import * as settingsRepo from './storefront-settings.repo.js';
import * as storefrontsRepo from './storefronts.repo.js';

const SEARCH_LIMIT = 48;
const SECTION_LIMIT = 12;

/**
 * The category list counts every public product, which no index answers; it changes slowly, so each
 * database's list is kept for CATEGORIES_FOR_MS and shared by every search meanwhile.
 */
const CATEGORIES_FOR_MS = 30_000;
const categoryLists = new WeakMap<Db, { at: number; list: Promise<MarketHome['categories']> }>();

function marketCategories(deps: AppDeps): Promise<MarketHome['categories']> {
  const now = deps.now().getTime();
  const kept = categoryLists.get(deps.db);
  if (kept && now - kept.at < CATEGORIES_FOR_MS) return kept.list;
  const list = searchRepo.marketCategories(deps.db);
  categoryLists.set(deps.db, { at: now, list });
  list.catch(() => categoryLists.delete(deps.db));
  return list;
}

/** /marketplace: search results for a query or category; otherwise featured and new products. */
export async function home(deps: AppDeps, query: { q?: string; category?: string }): Promise<MarketHome> {
  const q = query.q || undefined;
  const category = query.category || undefined;
  const categories = await marketCategories(deps);
  return deps.db.transaction(async (tx) => {
    if (q || category) {
      return { results: await searchRepo.searchProducts(tx, q, category, SEARCH_LIMIT), categories, featured: [], newest: [] };
    }
    const featured = await searchRepo.featuredProducts(tx, SECTION_LIMIT);
    const newest = await searchRepo.searchProducts(tx, undefined, undefined, SECTION_LIMIT);
    return { results: null, categories, featured, newest };
  });
}

export async function product(deps: AppDeps, publicId: string): Promise<MarketProductDetail> {
  const key = parsePublicProductId(publicId);
  const found = key ? await repo.productDetail(deps.db, key.workspaceId, key.productId) : null;
  if (!found) throw notFound(marketMessages.notForSale);
  return found;
}

/** The drive file of a public product's photo (404 when it has none or is not public). */
export async function pictureFile(deps: AppDeps, publicId: string): Promise<{ workspaceId: number; fileId: string }> {
  const key = parsePublicProductId(publicId);
  const fileId = key ? await repo.publicPictureId(deps.db, key.workspaceId, key.productId) : null;
  if (!key || !fileId) throw notFound(marketMessages.notForSale);
  return { workspaceId: key.workspaceId, fileId };
}

export async function storefront(deps: AppDeps, slug: string): Promise<StorefrontDto> {
  const found = await storefrontsRepo.storefrontBySlug(deps.db, slug);
  if (!found) throw notFound(marketMessages.storefrontNotFound);
  const settings = await settingsRepo.readSettings(deps.db, found.workspaceId);
  return {
    name: found.name,
    slug: found.slug,
    description: found.description,
    industry: found.industry,
    area: found.area,
    terms: settings.terms,
    return_policy: settings.return_policy,
    shipping_enabled: settings.shipping_enabled,
    shipping_rates: settings.shipping_enabled ? settings.shipping_rates : [],
    products: await storefrontsRepo.storefrontProducts(deps.db, found.workspaceId),
  };
}

export async function directory(deps: AppDeps, filter: { q?: string; category?: string; area?: string }) {
  const clean = { q: filter.q || undefined, category: filter.category || undefined, area: filter.area || undefined };
  return { businesses: await storefrontsRepo.directory(deps.db, clean), categories: await storefrontsRepo.directoryCategories(deps.db) };
}

// ---- the seller's storefront settings ----

export interface SellerCaller {
  userId: number;
  membership: Membership;
}

async function settingsDto(deps: AppDeps, c: SellerCaller): Promise<StorefrontSettingsDto> {
  const workspaceId = c.membership.workspaceId;
  const facts = await settingsRepo.workspaceFacts(deps.db, workspaceId);
  if (!facts) throw notFound('Workspace not found');
  const settings = await withScope(deps.db, { userId: c.userId, workspaceId }, (q) => settingsRepo.readSettings(q, workspaceId));
  return { settings, slug: facts.slug, storefront_enabled: facts.storefront_enabled, currency: facts.currency ?? 'USD' };
}

export function storefrontSettings(deps: AppDeps, c: SellerCaller): Promise<StorefrontSettingsDto> {
  return settingsDto(deps, c);
}

/** Owners and admins change how the storefront sells (the table's policy says the same). */
export async function saveStorefrontSettings(deps: AppDeps, c: SellerCaller, body: StorefrontSettings): Promise<StorefrontSettingsDto> {
  if (c.membership.role === 'member') throw forbidden('Only the workspace owner or an admin can change the storefront');
  const workspaceId = c.membership.workspaceId;
  const featured = [...new Set(body.featured_product_ids)];
  await withScope(deps.db, { userId: c.userId, workspaceId }, (q) =>
    settingsRepo.writeSettings(q, workspaceId, { ...body, featured_product_ids: featured }),
  );
  return settingsDto(deps, c);
}
