import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { eventsContract } from '../../../../schema/events/contract';
import { call } from '../../../data/api';
import { ServiceList, usePublicServices } from '../../bookings';
import { EventCards } from '../../events';
import type { StorefrontDto } from '../../../../schema/marketplace/marketplace';
import { EmptyState, LoadError } from '../../../ui/feedback';
import { PageSpinner } from '../../../ui/spinner';
import { NotFound } from '../../../routes/not-found';
import { usePageMeta } from '../../../kit/page-meta';
import { SiteLink } from '../../../kit/site-link';
import { serverMessage } from '../../../kit/workspace-queries';
import { MarketLayout } from '../market-layout';
import * as s from '../market.css';
import { isNotFound, useStorefront } from './market-queries';
import { ProductSection, rand } from './product-card';

const route = getRouteApi('/storefront/$slug');

/** /storefront/{slug}: one business's shop: its public products, delivery, terms and return policy. */
export function StorefrontPage() {
  const { slug } = route.useParams();
  const shop = useStorefront(slug);
  if (shop.isPending) return <PageSpinner label="Opening the storefront..." />;
  if (shop.isError && isNotFound(shop.error)) return <NotFound />;
  return (
    <MarketLayout>
      <div className={`${s.container} ${s.stack}`}>
        {shop.isError ? (
          <LoadError title="Could not open the storefront" message={serverMessage(shop.error)} onRetry={() => void shop.refetch()} />
        ) : (
          <Storefront shop={shop.data} />
        )}
      </div>
    </MarketLayout>
  );
}

function Storefront({ shop }: { shop: StorefrontDto }) {
  usePageMeta({ title: `${shop.name} – shop online`, description: shop.description ?? `Products from ${shop.name}.` });
  return (
    <>
      <nav aria-label="Breadcrumb">
        <ol className={s.crumbs}>
          <li>
            <SiteLink to="/directory">Directory</SiteLink>
          </li>
          <li aria-current="page">{shop.name}</li>
        </ol>
      </nav>
      <header className={s.stack} style={{ gap: '0.5rem' }}>
        <h1 className={s.h1}>{shop.name}</h1>
        {shop.description ? <p className={s.muted}>{shop.description}</p> : null}
        <p className={`${s.muted} ${s.small}`}>{[shop.industry, shop.area].filter(Boolean).join(' · ')}</p>
      </header>
      <ShopOfferings shop={shop} />
      <div className={s.policies}>
        <section className={s.panel} aria-labelledby="delivery">
          <h2 id="delivery" className={s.h2}>
            Delivery
          </h2>
          {shop.shipping_enabled && shop.shipping_rates.length > 0 ? (
            <ul className={s.prose}>
              {shop.shipping_rates.map((r) => (
                <li key={r.name}>
                  {r.name}: {r.price_cents === 0 ? 'free' : rand(r.price_cents)}
                </li>
              ))}
            </ul>
          ) : (
            <p className={s.muted}>This shop does not ship. Arrange collection with the seller.</p>
          )}
        </section>
        <section className={s.panel} aria-labelledby="terms">
          <h2 id="terms" className={s.h2}>
            Terms
          </h2>
          <p className={shop.terms ? s.prose : s.muted}>{shop.terms || 'The seller has not written terms of sale.'}</p>
        </section>
        <section className={s.panel} aria-labelledby="returns">
          <h2 id="returns" className={s.h2}>
            Return policy
          </h2>
          <p className={shop.return_policy ? s.prose : s.muted}>{shop.return_policy || 'The seller has not written a return policy.'}</p>
        </section>
      </div>
    </>
  );
}

/**
 * What the business offers: its products, the services it takes bookings for and its upcoming
 * events, each section only when it has something. A shop with nothing published at all (once all
 * three are known) says so once.
 */
function ShopOfferings({ shop }: { shop: StorefrontDto }) {
  const services = usePublicServices({ storefront: shop.slug });
  const events = useQuery({
    queryKey: ['public-events', 'storefront', shop.slug],
    queryFn: () => call(eventsContract.publicList, { query: { storefront: shop.slug } }),
  });
  const serviceList = services.data?.services ?? [];
  const eventList = events.data?.events ?? [];
  const settled = !services.isPending && !events.isPending;
  const nothing = settled && shop.products.length === 0 && serviceList.length === 0 && eventList.length === 0;
  return (
    <>
      {shop.products.length > 0 ? <ProductSection title="Products" products={shop.products} showSeller={false} /> : null}
      {serviceList.length > 0 ? (
        <section className={s.stack} aria-labelledby="shop-services">
          <h2 id="shop-services" className={s.h2}>
            Services
          </h2>
          <ServiceList services={serviceList} />
        </section>
      ) : null}
      {eventList.length > 0 ? (
        <section className={s.stack} aria-labelledby="shop-events">
          <h2 id="shop-events" className={s.h2}>
            Events
          </h2>
          <EventCards events={eventList} headingLevel={3} />
        </section>
      ) : null}
      {nothing ? (
        <EmptyState title="No products yet">
          <p className={s.muted}>{shop.name} has not published any products. Check back soon.</p>
        </EmptyState>
      ) : null}
    </>
  );
}
