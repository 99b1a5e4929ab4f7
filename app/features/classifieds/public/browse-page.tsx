import { Link, useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { brand } from '../../../../schema/brand';
import {
  browseSortLabels,
  browseSorts,
  classifiedCategories,
  classifiedCategoryLabels,
  type BrowseSort,
  type ClassifiedCategory,
} from '../../../../schema/classifieds/classified-terms';
import type { PublicListingDto } from '../../../../schema/classifieds/classifieds';
import { LinkButton } from '../../../routes/link-button';
import { EmptyState, LoadError } from '../../../ui/feedback';
import { SelectField } from '../../../ui/form-controls';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import * as w from '../../../ui/page.css';
import { PublicLayout } from '../../../shell/public/layout/public-layout';
import { usePageMeta } from '../../../kit/page-meta';
import { serverMessage } from '../../../kit/workspace-queries';
import { priceText } from '../classifieds-page';
import * as s from '../classifieds.css';
import { photoUrl, useBrowse } from '../use-classifieds';

type CategoryChoice = ClassifiedCategory | 'all';
const categoryOptions: ReadonlyArray<{ value: CategoryChoice; label: string }> = [
  { value: 'all', label: 'All categories' },
  ...classifiedCategories.map((c) => ({ value: c, label: classifiedCategoryLabels[c] })),
];
const sortOptions = browseSorts.map((v) => ({ value: v, label: browseSortLabels[v] }));

/** /classifieds and /marketplace/classifieds (spec §2): published ads by category and area, searched and sorted. */
export function BrowsePage() {
  usePageMeta({
    title: `Classifieds | ${brand.product}`,
    description: 'Buy and sell second-hand goods near you. Ask sellers questions and make offers safely through Vuka.',
  });
  const path = useRouterState({ select: (st) => st.location.pathname });
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  // Both addresses validate their search (module.ts); read loosely, it is matched against the lists again.
  const category = classifiedCategories.find((c) => 'category' in search && c === search.category);
  const area = 'area' in search && typeof search.area === 'string' ? search.area : '';
  const q = 'q' in search && typeof search.q === 'string' ? search.q : '';
  const sort: BrowseSort = browseSorts.find((v) => 'sort' in search && v === search.sort) ?? 'newest';
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const result = useBrowse({ category, area: area || undefined, q: q || undefined, sort });
  const setSearch = (next: { category?: ClassifiedCategory; area?: string; q?: string; sort?: BrowseSort }) => {
    const merged = { category, area: area || undefined, q: q || undefined, sort, ...next };
    void navigate({
      to: path === '/marketplace/classifieds' ? '/marketplace/classifieds' : '/classifieds',
      search: {
        ...(merged.category ? { category: merged.category } : {}),
        ...(merged.area ? { area: merged.area } : {}),
        ...(merged.q ? { q: merged.q } : {}),
        ...(merged.sort && merged.sort !== 'newest' ? { sort: merged.sort } : {}),
      },
      replace: true,
    });
  };
  const areas = result.data?.areas ?? [];
  const areaOptions = [
    { value: 'any', label: 'Anywhere' },
    ...[...new Set([...areas, ...(area ? [area] : [])])].map((a) => ({ value: a, label: a })),
  ];
  const listings = result.data?.listings;

  return (
    <PublicLayout>
      <div className={w.page}>
        <div className={w.pageHeader}>
          <h1 className={w.title}>Classifieds</h1>
          <LinkButton to="/classifieds/new">Post an Ad</LinkButton>
        </div>
        <form
          className={s.filters}
          role="search"
          aria-label="Search the classifieds"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch({ q: text.trim() || undefined });
          }}
        >
          <div className={s.searchCell}>
            <TextField label="Search" type="search" value={text} onChange={setText} placeholder="What are you looking for?" />
          </div>
          <SelectField<CategoryChoice>
            label="Category"
            value={category ?? 'all'}
            options={categoryOptions}
            onChange={(v) => setSearch({ category: v === 'all' ? undefined : v })}
          />
          <SelectField<string>
            label="Area"
            value={area || 'any'}
            options={areaOptions}
            onChange={(v) => setSearch({ area: v === 'any' ? undefined : v })}
          />
          <SelectField<BrowseSort> label="Sort" value={sort} options={sortOptions} onChange={(v) => setSearch({ sort: v })} />
        </form>
        {result.isPending ? (
          <Spinner label="Loading ads" />
        ) : result.isError ? (
          <LoadError title="The ads could not be loaded" message={serverMessage(result.error)} onRetry={() => void result.refetch()} />
        ) : listings && listings.length > 0 ? (
          <ul className={s.grid} aria-label="Ads">
            {listings.map((l) => (
              <li key={l.id}>
                <ListingCard listing={l} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title="No ads found">
            <p className={w.muted}>{category || area || q ? 'Try another category, area or search.' : 'Be the first to post an ad.'}</p>
          </EmptyState>
        )}
      </div>
    </PublicLayout>
  );
}

function ListingCard({ listing: l }: { listing: PublicListingDto }) {
  return (
    <Link className={s.card} to="/classifieds/$classifiedId" params={{ classifiedId: l.id }}>
      {l.images[0] ? (
        <img className={s.cardPhoto} src={photoUrl(l.id, l.images[0], 240)} alt="" loading="lazy" />
      ) : (
        <span className={s.noPhoto}>No photo</span>
      )}
      <span className={s.cardBody}>
        <span className={s.cardTitle}>{l.title}</span>
        <span className={s.price}>{priceText(l)}</span>
        {l.status === 'reserved' ? <span className={w.badge.neutral}>Reserved</span> : null}
        <span className={s.meta}>
          {classifiedCategoryLabels[l.category]}
          {l.area ? ` · ${l.area}` : ''}
        </span>
      </span>
    </Link>
  );
}
