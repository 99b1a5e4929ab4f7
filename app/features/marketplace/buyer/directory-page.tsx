import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { brand } from '../../../../schema/brand';
import { Button } from '../../../ui/button';
import { EmptyState, LoadError } from '../../../ui/feedback';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { usePageMeta } from '../../../kit/page-meta';
import { SiteLink } from '../../../kit/site-link';
import { serverMessage } from '../../../kit/workspace-queries';
import { MarketLayout } from '../market-layout';
import * as s from '../market.css';
import { useDirectory } from './market-queries';

const route = getRouteApi('/directory');

/** /directory: businesses with an open storefront, searchable by name, category and area. */
export function DirectoryPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const categoryId = useId();
  const [name, setName] = useState(search.q ?? '');
  const [area, setArea] = useState(search.area ?? '');
  const [category, setCategory] = useState(search.category ?? '');
  const list = useDirectory(search);
  usePageMeta({
    title: 'Business directory',
    description: `Small businesses with a ${brand.product} storefront: search by name, category and area.`,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { q: name.trim(), category, area: area.trim() };
    void navigate({ to: '/directory', search: Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '')) });
  };

  return (
    <MarketLayout>
      <div className={`${s.container} ${s.stack}`}>
        <div className={s.stack} style={{ gap: '0.5rem' }}>
          <h1 className={s.h1}>Business directory</h1>
          <p className={s.muted}>Businesses that sell online through their own storefront.</p>
        </div>
        <form role="search" className={s.filters} onSubmit={submit}>
          <TextField label="Business name" value={name} onChange={setName} type="search" />
          <div className={s.stack} style={{ gap: '0.25rem' }}>
            <label htmlFor={categoryId} className={s.small} style={{ fontWeight: 600 }}>
              Category
            </label>
            <select id={categoryId} className={s.select} value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">All categories</option>
              {(list.data?.categories ?? []).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <TextField label="Area" value={area} onChange={setArea} placeholder="Town or country" />
          <Button type="submit">Search</Button>
        </form>
        {list.isPending ? (
          <Spinner label="Loading businesses" />
        ) : list.isError ? (
          <LoadError title="Could not load the directory" message={serverMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data.businesses.length === 0 ? (
          <EmptyState title={search.q || search.category || search.area ? 'No businesses match your search' : 'No storefronts yet'}>
            <p className={s.muted}>
              {search.q || search.category || search.area
                ? 'Try another name, category or area.'
                : 'Businesses appear here when they open their storefront.'}
            </p>
          </EmptyState>
        ) : (
          <ul className={s.businessList} aria-label="Businesses">
            {list.data.businesses.map((b) => (
              <li key={b.slug} className={s.panel}>
                <h2 className={s.h2} style={{ marginBottom: '0.25rem' }}>
                  <SiteLink to={`/storefront/${encodeURIComponent(b.slug)}`}>{b.name}</SiteLink>
                </h2>
                <p className={`${s.muted} ${s.small}`}>
                  {[b.industry, b.area, b.product_count === 1 ? '1 product' : `${b.product_count} products`].filter(Boolean).join(' · ')}
                </p>
                {b.description ? <p className={s.prose}>{b.description}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </MarketLayout>
  );
}
