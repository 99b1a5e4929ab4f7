import { getRouteApi, Link } from '@tanstack/react-router';
import { classifiedCategoryLabels, classifiedStatusLabels, type ClassifiedDto } from '../../../schema/classifieds/classifieds';
import { formatCents } from '../../../schema/kit/money';
import { LinkButton } from '../../routes/link-button';
import { EmptyState, LoadError } from '../../ui/feedback';
import { Spinner } from '../../ui/spinner';
import * as w from '../../ui/page.css';
import { pictureUrl } from '../../kit/pictures/pictures';
import { useWorkspaceDates } from '../../kit/date-format';
import { serverMessage } from '../../kit/workspace-queries';
import * as s from './classifieds.css';
import { useListings } from './use-classifieds';

const route = getRouteApi('/protected/workspace/$workspaceId/classifieds/');

export function priceText(l: { price_cents: number | null; currency: string }): string {
  return l.price_cents === null ? 'Make an offer' : formatCents(l.price_cents, l.currency);
}

/** /workspace/{id}/classifieds: the workspace's ads, with their state and unanswered inquiries. */
export function ClassifiedsPage() {
  const { workspaceId } = route.useParams();
  const listings = useListings(workspaceId);
  const list = listings.data?.listings;
  return (
    <section className={w.page} aria-labelledby="classifieds-title">
      <div className={w.pageHeader}>
        <h1 id="classifieds-title" className={w.title}>
          Classifieds
        </h1>
        <LinkButton to="/workspace/$workspaceId/classifieds/new" params={{ workspaceId }}>
          Post an Ad
        </LinkButton>
      </div>
      {listings.isPending ? (
        <Spinner label="Loading your ads" />
      ) : listings.isError ? (
        <LoadError title="Your ads could not be loaded" message={serverMessage(listings.error)} onRetry={() => void listings.refetch()} />
      ) : list && list.length > 0 ? (
        <ul className={s.grid} aria-label="Your ads">
          {list.map((l) => (
            <li key={l.id}>
              <SellerCard workspaceId={workspaceId} listing={l} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No ads yet">
          <p className={w.muted}>Post an ad with a few photos and a price; buyers ask questions and make offers through Vuka.</p>
        </EmptyState>
      )}
    </section>
  );
}

function SellerCard({ workspaceId, listing: l }: { workspaceId: number; listing: ClassifiedDto }) {
  const dates = useWorkspaceDates();
  return (
    <Link className={s.card} to="/workspace/$workspaceId/classifieds/$classifiedId" params={{ workspaceId, classifiedId: l.id }}>
      {l.images[0] ? (
        <img className={s.cardPhoto} src={pictureUrl(workspaceId, l.images[0], 240)} alt="" loading="lazy" />
      ) : (
        <span className={s.noPhoto}>No photo</span>
      )}
      <span className={s.cardBody}>
        <span className={s.cardTitle}>{l.title}</span>
        <span className={s.price}>{priceText(l)}</span>
        <span className={w.row}>
          <span className={l.status === 'published' ? w.badge.accent : w.badge.neutral}>{classifiedStatusLabels[l.status]}</span>
          {l.open_inquiries > 0 ? (
            <span className={w.badge.accent}>{l.open_inquiries === 1 ? '1 new inquiry' : `${l.open_inquiries} new inquiries`}</span>
          ) : null}
        </span>
        <span className={s.meta}>
          {classifiedCategoryLabels[l.category]}
          {l.status === 'expired' ? ` · expired ${dates.date(l.expires_at)}` : ` · expires ${dates.date(l.expires_at)}`}
        </span>
      </span>
    </Link>
  );
}
