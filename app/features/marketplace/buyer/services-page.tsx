import { brand } from '../../../../schema/brand';
import { EmptyState } from '../../../ui/feedback';
import { usePageMeta } from '../../public/page-meta';
import { SiteLink } from '../../public/site-link';
import { MarketLayout } from '../market-layout';
import * as s from '../market.css';

/** /marketplace/services: bookable services appear here once businesses can take bookings. */
export function ServicesPage() {
  usePageMeta({ title: 'Services', description: `Book services from small businesses on ${brand.product}.` });
  return (
    <MarketLayout>
      <div className={`${s.container} ${s.stack}`}>
        <h1 className={s.h1}>Services</h1>
        <EmptyState title="No services to book yet">
          <p className={s.muted}>
            Businesses will list services you can book here (appointments, repairs, lessons) once online booking opens. Until then, browse
            their products.
          </p>
          <SiteLink to="/marketplace" variant="primary">
            Browse products
          </SiteLink>
        </EmptyState>
      </div>
    </MarketLayout>
  );
}
