import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { marketplaceContract as c } from '../../../../schema/marketplace/contract';
import { marketHome, type MarketHome } from '../../../../schema/marketplace/marketplace';
import { ApiError, call } from '../../../data/api';
import { takeFirstScreenState } from '../../../shell/public/first-screen';

/** A 404 is an answer (not for sale, no such shop): asked once, never retried. */
const retry = (n: number, err: unknown) => !(err instanceof ApiError && err.status === 404) && n < 2;

export function useMarketHome(q: string | undefined, category: string | undefined) {
  return useQuery({
    queryKey: ['marketplace', q ?? '', category ?? ''],
    queryFn: () => call(c.home, { query: { q, category } }),
    initialData: q || category ? undefined : firstScreenHome,
    placeholderData: keepPreviousData,
    retry,
  });
}

/** The home the server drew /marketplace's first screen from, when this load brought one. */
function firstScreenHome(): MarketHome | undefined {
  const parsed = marketHome.safeParse(takeFirstScreenState());
  return parsed.success ? parsed.data : undefined;
}

export function useMarketProduct(productId: string) {
  return useQuery({ queryKey: ['marketplace', 'product', productId], queryFn: () => call(c.product, { params: { productId } }), retry });
}

export function useStorefront(slug: string) {
  return useQuery({ queryKey: ['marketplace', 'storefront', slug], queryFn: () => call(c.storefront, { params: { slug } }), retry });
}

export function useDirectory(filter: { q?: string; category?: string; area?: string }) {
  return useQuery({
    queryKey: ['directory', filter.q ?? '', filter.category ?? '', filter.area ?? ''],
    queryFn: () => call(c.directory, { query: filter }),
    placeholderData: keepPreviousData,
    retry,
  });
}

export const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;
