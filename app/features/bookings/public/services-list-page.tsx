import { Link } from '@tanstack/react-router';
import { brand } from '../../../../schema/brand';
import type { PublicServiceDto } from '../../../../schema/bookings/bookings';
import { formatCents } from '../../../../schema/kit/money';
import { EmptyState, LoadError } from '../../../ui/feedback';
import { Spinner } from '../../../ui/spinner';
import * as w from '../../../ui/page.css';
import { MarketLayout, marketStyles as m } from '../../marketplace';
import { usePageMeta } from '../../../kit/page-meta';
import { serverMessage } from '../../../kit/workspace-queries';
import { usePublicServices } from '../use-bookings';

/** /marketplace/services (spec §2): services businesses take bookings for, featured first. */
export function ServicesListPage() {
  usePageMeta({ title: 'Services', description: `Book services from small businesses on ${brand.product}.` });
  const list = usePublicServices({});
  return (
    <MarketLayout>
      <div className={`${m.container} ${m.stack}`}>
        <h1 className={m.h1}>Services</h1>
        {list.isPending ? (
          <Spinner label="Loading services" />
        ) : list.isError || !list.data ? (
          <LoadError title="Services could not be loaded" message={serverMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data.services.length === 0 ? (
          <EmptyState title="No services to book yet">
            <p className={m.muted}>Businesses list the services you can book here: appointments, repairs, lessons.</p>
          </EmptyState>
        ) : (
          <ServiceList services={list.data.services} />
        )}
      </div>
    </MarketLayout>
  );
}

/** Bookable services, each linking to its booking page (the services list and a business's storefront). */
export function ServiceList({ services }: { services: PublicServiceDto[] }) {
  return (
    <ul className={w.list} aria-label="Services to book">
      {services.map((s) => (
        <li key={s.id} className={w.listItem}>
          <div className={w.itemMain}>
            <Link className={w.itemName} to="/marketplace/services/$publicServiceId" params={{ publicServiceId: s.id }}>
              {s.title}
            </Link>
            <p className={w.muted}>
              {s.business} · {s.duration_minutes} min{s.category ? ` · ${s.category}` : ''}
            </p>
          </div>
          <span className={w.factValue}>{formatCents(s.price_cents, s.currency)}</span>
        </li>
      ))}
    </ul>
  );
}
