import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  classifiedCategoryLabels,
  classifiedStatusLabels,
  inquiryStatusLabels,
  nextStatuses,
  type ClassifiedDetail,
  type ClassifiedStatus,
} from '../../../schema/classifieds/classifieds';
import { formatCents } from '../../../schema/kit/money';
import { LinkButton } from '../../routes/link-button';
import { Button } from '../../ui/button';
import { EmptyState, LoadError, Notice } from '../../ui/feedback';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import * as w from '../../ui/page.css';
import { pictureUrl } from '../../kit/pictures/pictures';
import { failureMessage } from '../../kit/forms/use-zod-form';
import { useWorkspaceDates } from '../../kit/date-format';
import { serverMessage } from '../../kit/workspace-queries';
import { priceText } from './classifieds-page';
import * as s from './classifieds.css';
import { ListingForm } from './listing-form';
import { classifiedCalls, useClassifiedChange, useListing } from './use-classifieds';

const route = getRouteApi('/protected/workspace/$workspaceId/classifieds/$classifiedId');

const actionLabels: Partial<Record<ClassifiedStatus, string>> = {
  published: 'Publish',
  paused: 'Pause',
  sold: 'Mark as sold',
  draft: 'Back to draft',
};

/** /workspace/{id}/classifieds/{id}: one ad as its seller sees it: state, renew, edit, inquiries. */
export function ListingPage() {
  const { workspaceId, classifiedId } = route.useParams();
  const listing = useListing(workspaceId, classifiedId);
  const [editing, setEditing] = useState(false);
  if (listing.isPending) return <Spinner label="Loading the ad" />;
  if (listing.isError || !listing.data)
    return <LoadError title="The ad could not be loaded" message={serverMessage(listing.error)} onRetry={() => void listing.refetch()} />;
  const l = listing.data;
  return (
    <section className={w.page} aria-labelledby="ad-title">
      <p className={w.muted}>
        <Link to="/workspace/$workspaceId/classifieds" params={{ workspaceId }}>
          ← All ads
        </Link>
      </p>
      <div className={w.titleBar}>
        <h1 id="ad-title" className={w.title}>
          {l.title}
        </h1>
        <span className={l.status === 'published' ? w.badge.accent : w.badge.neutral}>{classifiedStatusLabels[l.status]}</span>
      </div>
      {l.status === 'removed' ? (
        <Notice tone="error" title="Vuka took this ad down">
          <p>{l.removed_reason ?? 'It was reported and found to break the classifieds’ rules.'}</p>
          <p>It is no longer shown to buyers and cannot be published again.</p>
        </Notice>
      ) : null}
      {editing ? (
        <EditListing workspaceId={workspaceId} listing={l} onDone={() => setEditing(false)} />
      ) : (
        <ListingSummary workspaceId={workspaceId} listing={l} onEdit={() => setEditing(true)} />
      )}
      <section className={w.stack} aria-labelledby="inquiries-title">
        <h2 id="inquiries-title" className={w.sectionTitle}>
          Inquiries
        </h2>
        {l.inquiries.length === 0 ? (
          <EmptyState title="No inquiries yet">
            <p className={w.muted}>Questions, offers and viewing requests from buyers appear here.</p>
          </EmptyState>
        ) : (
          <ul className={w.list}>
            {l.inquiries.map((i) => (
              <li key={i.id} className={w.listItem}>
                <div className={w.itemMain}>
                  <Link
                    className={w.itemName}
                    to="/workspace/$workspaceId/classifieds/inquiries/$inquiryId"
                    params={{ workspaceId, inquiryId: i.id }}
                  >
                    {i.request_type === 'offer'
                      ? `Offer of ${formatCents(i.offer_amount_cents ?? 0, i.currency)} from ${i.buyer}`
                      : i.request_type === 'viewing'
                        ? `Viewing request from ${i.buyer}`
                        : `Question from ${i.buyer}`}
                  </Link>
                  <span className={w.row}>
                    <span className={i.status === 'new' ? w.badge.accent : w.badge.neutral}>{inquiryStatusLabels[i.status]}</span>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

function ListingSummary({ workspaceId, listing: l, onEdit }: { workspaceId: number; listing: ClassifiedDetail; onEdit: () => void }) {
  const dates = useWorkspaceDates();
  const change = useClassifiedChange((status: ClassifiedStatus) =>
    classifiedCalls.update(workspaceId, l.id, {
      status: status === 'published' || status === 'paused' || status === 'sold' || status === 'draft' ? status : undefined,
    }),
  );
  const renew = useClassifiedChange(() => classifiedCalls.renew(workspaceId, l.id));
  const move = async (status: ClassifiedStatus) => {
    try {
      await change.mutateAsync(status);
      toast({ title: `Ad ${classifiedStatusLabels[status].toLowerCase()}`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Could not change the ad', description: failureMessage(err), variant: 'destructive' });
    }
  };
  const doRenew = async () => {
    try {
      const renewed = await renew.mutateAsync(undefined);
      toast({ title: 'Ad renewed', description: `It now runs until ${dates.date(renewed.expires_at)}.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Could not renew the ad', description: failureMessage(err), variant: 'destructive' });
    }
  };
  const moves = nextStatuses[l.status].filter((st) => actionLabels[st]);
  return (
    <div className={s.detail}>
      <div className={s.gallery}>
        {l.images.length > 0 ? (
          <div className={s.photos}>
            {l.images.map((id, i) => (
              <img
                key={id}
                className={s.thumbImage}
                style={{ width: 120, height: 120, borderRadius: 8 }}
                src={pictureUrl(workspaceId, id, 120)}
                alt={`Photo ${i + 1}`}
              />
            ))}
          </div>
        ) : (
          <p className={w.muted}>No photos.</p>
        )}
        <p className={s.description}>{l.description || 'No description.'}</p>
      </div>
      <div className={s.side}>
        <p className={s.bigPrice}>{priceText(l)}</p>
        <dl className={w.facts}>
          <div className={w.fact}>
            <dt className={w.muted}>Category</dt>
            <dd className={w.factValue}>{classifiedCategoryLabels[l.category]}</dd>
          </div>
          <div className={w.fact}>
            <dt className={w.muted}>Area</dt>
            <dd className={w.factValue}>{l.area || '—'}</dd>
          </div>
          <div className={w.fact}>
            <dt className={w.muted}>{l.status === 'expired' ? 'Expired' : 'Expires'}</dt>
            <dd className={w.factValue}>{dates.date(l.expires_at)}</dd>
          </div>
          <div className={w.fact}>
            <dt className={w.muted}>Viewings</dt>
            <dd className={w.factValue}>{l.allow_appointments ? 'Buyers may ask for a time' : 'Off'}</dd>
          </div>
        </dl>
        <div className={w.actionRow}>
          {moves.map((st) => (
            <Button
              key={st}
              variant={st === 'published' ? 'primary' : 'secondary'}
              onPress={() => void move(st)}
              isDisabled={change.isPending}
            >
              {actionLabels[st]}
            </Button>
          ))}
          {l.status !== 'sold' && l.status !== 'draft' && l.status !== 'removed' ? (
            <Button variant="secondary" onPress={() => void doRenew()} isPending={renew.isPending}>
              Renew
            </Button>
          ) : null}
          {l.status !== 'sold' && l.status !== 'expired' && l.status !== 'removed' ? (
            <Button variant="ghost" onPress={onEdit}>
              Edit
            </Button>
          ) : null}
          {l.status === 'published' || l.status === 'reserved' ? (
            <LinkButton variant="ghost" to="/classifieds/$classifiedId" params={{ classifiedId: l.id }}>
              View public page
            </LinkButton>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function EditListing({ workspaceId, listing, onDone }: { workspaceId: number; listing: ClassifiedDetail; onDone: () => void }) {
  const save = useClassifiedChange((body: Parameters<typeof classifiedCalls.update>[2]) =>
    classifiedCalls.update(workspaceId, listing.id, body),
  );
  return (
    <ListingForm
      workspaceId={workspaceId}
      listing={listing}
      onCancel={onDone}
      onSave={async (data) => {
        const { run_days: _ignored, ...rest } = data;
        await save.mutateAsync(rest);
        toast({ title: 'Ad saved', variant: 'success' });
        onDone();
      }}
    />
  );
}
