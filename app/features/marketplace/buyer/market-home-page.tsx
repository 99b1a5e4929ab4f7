import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { brand } from '../../../../schema/brand';
import { Button } from '../../../ui/button';
import { EmptyState, LoadError } from '../../../ui/feedback';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { FIRST_SCREEN_SEARCH_ID } from '../../../../schema/kit/first-screen';
import { useFirstScreenHandOff } from '../../../shell/public/first-screen';
import { useFirstScreenInput } from '../../../shell/public/first-screen-input';
import { usePageMeta } from '../../../kit/page-meta';
import { SiteLink } from '../../../kit/site-link';
import { serverMessage } from '../../../kit/workspace-queries';
import { MarketLayout } from '../market-layout';
import * as s from '../market.css';
import { useMarketHome } from './market-queries';
import { ProductSection } from './product-card';

const route = getRouteApi('/marketplace');

/** /marketplace: search (typos forgiven), categories, featured and new products. */
export function MarketHomePage() {
  const { q, category } = route.useSearch();
  const navigate = useNavigate();
  // Typed into the server's first screen before this page drew: kept, with the caret where it was.
  const carried = useFirstScreenInput(FIRST_SCREEN_SEARCH_ID);
  const [term, setTerm] = useState(q ?? carried.typed ?? '');
  const home = useMarketHome(q, category);
  useFirstScreenHandOff();
  usePageMeta({
    title: q ? `“${q}” in the Marketplace` : 'Marketplace: shop from local businesses',
    description: `Find products from small businesses on ${brand.product}, priced in rand and delivered by the sellers.`,
  });

  const search = (e: FormEvent) => {
    e.preventDefault();
    const next = term.trim();
    void navigate({ to: '/marketplace', search: { ...(next ? { q: next } : {}), ...(category ? { category } : {}) } });
  };
  const searching = Boolean(q || category);

  return (
    <MarketLayout>
      <div className={`${s.container} ${s.stack}`}>
        <div className={s.stack} style={{ gap: '0.75rem' }}>
          <h1 className={s.h1}>Marketplace</h1>
          <p className={s.muted}>Products from small businesses, priced in rand.</p>
          <form role="search" className={s.searchForm} onSubmit={search}>
            <div className={s.searchInput} ref={carried.box}>
              <TextField
                label="Search products"
                value={term}
                onChange={setTerm}
                type="search"
                placeholder="e.g. chocolate, scarf, coffee"
              />
            </div>
            <Button type="submit">Search</Button>
          </form>
        </div>
        {home.data && home.data.categories.length > 0 ? (
          <nav aria-label="Categories">
            <ul className={s.chips}>
              <li>
                <SiteLink
                  to={q ? `/marketplace?q=${encodeURIComponent(q)}` : '/marketplace'}
                  className={s.chip}
                  aria-current={category ? undefined : 'page'}
                >
                  All
                </SiteLink>
              </li>
              {home.data.categories.map((c) => {
                const params = new URLSearchParams({ ...(q ? { q } : {}), category: c.name });
                return (
                  <li key={c.name}>
                    <SiteLink
                      to={`/marketplace?${params.toString()}`}
                      className={s.chip}
                      aria-current={category?.toLowerCase() === c.name.toLowerCase() ? 'page' : undefined}
                    >
                      {c.name} ({c.count})
                    </SiteLink>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}
        {home.isPending ? (
          <Spinner label="Loading the marketplace" />
        ) : home.isError ? (
          <LoadError title="Could not load the marketplace" message={serverMessage(home.error)} onRetry={() => void home.refetch()} />
        ) : searching ? (
          <Results count={home.data.results?.length ?? 0} q={q} category={category}>
            <ProductSection title="Results" products={home.data.results ?? []} />
          </Results>
        ) : home.data.featured.length === 0 && home.data.newest.length === 0 ? (
          <EmptyState title="Nothing for sale yet">
            <p className={s.muted}>
              When businesses publish products they appear here. Sell your own: open a storefront from your workspace&rsquo;s Storefront
              page.
            </p>
          </EmptyState>
        ) : (
          <>
            <ProductSection title="Featured" products={home.data.featured} />
            <ProductSection title="New in the marketplace" products={home.data.newest} />
          </>
        )}
        <p className={s.muted}>
          Looking for a business? <SiteLink to="/directory">Browse the directory</SiteLink>.
        </p>
      </div>
    </MarketLayout>
  );
}

function Results({ count, q, category, children }: { count: number; q?: string; category?: string; children: React.ReactNode }) {
  const what = [q ? `“${q}”` : null, category ? `in ${category}` : null].filter(Boolean).join(' ');
  if (count === 0) {
    return (
      <EmptyState title={`No products found for ${what}`}>
        <p className={s.muted}>Check the spelling, try a shorter word, or clear the search to see everything.</p>
        <SiteLink to="/marketplace" variant="secondary">
          Clear search
        </SiteLink>
      </EmptyState>
    );
  }
  return (
    <>
      <p className={s.muted} role="status">
        {count === 1 ? '1 product' : `${count} products`} for {what}
      </p>
      {children}
    </>
  );
}
