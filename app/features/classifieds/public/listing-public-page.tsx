import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { brand } from '../../../../schema/brand';
import {
  classifiedCategoryLabels,
  classifiedMessages,
  hasContactDetails,
  MAX_OFFER_CENTS,
  SAFETY_NOTICE,
  type RequestType,
} from '../../../../schema/classifieds/classifieds';
import { parseCents } from '../../../../schema/kit/money';
import { ApiError } from '../../../data/api';
import { useAuth } from '../../../data/auth-store';
import { LinkButton } from '../../../routes/link-button';
import { NotFound } from '../../../routes/not-found';
import { Button } from '../../../ui/button';
import { LoadError } from '../../../ui/feedback';
import { ModalDialog } from '../../../ui/modal-dialog';
import { PageSpinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { DateTimeField } from '../../../ui/date-fields';
import { toast } from '../../../ui/toast-store';
import * as w from '../../../ui/page.css';
import { failureMessage } from '../../../kit/forms/use-zod-form';
import { PublicLayout } from '../../../shell/public/layout/public-layout';
import { usePageMeta } from '../../../kit/page-meta';
import { publicDates } from '../../../kit/date-format';
import { serverMessage } from '../../../kit/workspace-queries';
import { priceText } from '../classifieds-page';
import * as s from '../classifieds.css';
import { InquiryThread } from '../thread';
import { classifiedCalls, photoUrl, useClassifiedChange, useMyInquiries, usePublicListing } from '../use-classifieds';

const route = getRouteApi('/classifieds/$classifiedId');

/** /classifieds/{id}: one ad as anyone sees it; a signed-in buyer asks, offers or asks for a viewing here. */
export function PublicListingPage() {
  const { classifiedId } = route.useParams();
  const listing = usePublicListing(classifiedId);
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const mine = useMyInquiries(classifiedId, signedIn);
  const [photo, setPhoto] = useState(0);
  const [reporting, setReporting] = useState<{ messageId?: string } | null>(null);
  usePageMeta({
    title: listing.data ? `${listing.data.title} | Classifieds | ${brand.product}` : `Classifieds | ${brand.product}`,
    description: listing.data ? listing.data.description.slice(0, 160) || listing.data.title : 'A classified ad on Vuka.',
  });
  if (listing.isPending) return <PageSpinner />;
  if (listing.error instanceof ApiError && listing.error.status === 404) return <NotFound />;
  if (listing.isError || !listing.data)
    return (
      <PublicLayout>
        <LoadError title="The ad could not be loaded" message={serverMessage(listing.error)} onRetry={() => void listing.refetch()} />
      </PublicLayout>
    );
  const l = listing.data;
  const shown = l.images[Math.min(photo, l.images.length - 1)];
  const threads = mine.data?.inquiries ?? [];
  return (
    <PublicLayout>
      <article className={w.page} aria-labelledby="listing-title">
        <p className={w.muted}>
          <Link to="/classifieds">← All classifieds</Link>
        </p>
        <div className={s.detail}>
          <div className={s.gallery}>
            {shown ? (
              <img className={s.mainPhoto} src={photoUrl(l.id, shown, 720)} alt={`${l.title}, photo ${photo + 1} of ${l.images.length}`} />
            ) : (
              <div className={s.noPhoto}>No photo</div>
            )}
            {l.images.length > 1 ? (
              <div className={s.thumbs} role="group" aria-label="Photos">
                {l.images.map((id, i) => (
                  <button
                    key={id}
                    type="button"
                    className={s.thumbButton}
                    aria-pressed={i === photo}
                    aria-label={`Photo ${i + 1}`}
                    onClick={() => setPhoto(i)}
                  >
                    <img className={s.thumbImage} style={{ width: 72, height: 72 }} src={photoUrl(l.id, id, 72)} alt="" />
                  </button>
                ))}
              </div>
            ) : null}
          </div>
          <div className={s.side}>
            <h1 id="listing-title" className={w.title}>
              {l.title}
            </h1>
            <p className={s.bigPrice}>{priceText(l)}</p>
            {l.status === 'reserved' ? (
              <p role="status">
                <span className={w.badge.neutral}>Reserved</span>
              </p>
            ) : null}
            <dl className={w.facts}>
              <div className={w.fact}>
                <dt className={w.muted}>Seller</dt>
                <dd className={w.factValue}>{l.seller_first_name}</dd>
              </div>
              <div className={w.fact}>
                <dt className={w.muted}>Area</dt>
                <dd className={w.factValue}>{l.area || '—'}</dd>
              </div>
              <div className={w.fact}>
                <dt className={w.muted}>Category</dt>
                <dd className={w.factValue}>{classifiedCategoryLabels[l.category]}</dd>
              </div>
              <div className={w.fact}>
                <dt className={w.muted}>Posted</dt>
                <dd className={w.factValue}>{publicDates.date(l.published_at)}</dd>
              </div>
            </dl>
            <p className={s.safety} role="note" aria-label="Safety notice">
              {SAFETY_NOTICE}
            </p>
            {l.mine ? (
              <div className={w.stack}>
                <p className={w.muted}>This is your ad.</p>
                <LinkButton
                  variant="secondary"
                  to="/workspace/$workspaceId/classifieds/$classifiedId"
                  params={{ workspaceId: l.workspace_id, classifiedId: l.id }}
                >
                  Manage this ad
                </LinkButton>
              </div>
            ) : signedIn ? (
              <AskPanel listingId={l.id} reserved={l.status === 'reserved'} viewings={l.allow_appointments} />
            ) : (
              <div className={w.stack}>
                <p className={w.muted}>Sign in to ask the seller a question or make an offer.</p>
                <LinkButton to="/auth">Sign in to Ask a question</LinkButton>
              </div>
            )}
            {signedIn && !l.mine ? (
              <div className={w.actionRow}>
                <Button variant="ghost" onPress={() => setReporting({})}>
                  Report this ad
                </Button>
              </div>
            ) : null}
          </div>
        </div>
        <section aria-labelledby="listing-description">
          <h2 id="listing-description" className={w.sectionTitle}>
            Description
          </h2>
          <p className={s.description}>{l.description || 'The seller wrote no description.'}</p>
        </section>
        {threads.length > 0 ? (
          <section className={w.stack} aria-labelledby="my-conversations">
            <h2 id="my-conversations" className={w.sectionTitle}>
              Your conversation with {l.seller_first_name}
            </h2>
            {threads.map((t) => (
              <InquiryThread key={t.id} thread={t} onReport={(messageId) => setReporting({ messageId })} />
            ))}
          </section>
        ) : null}
        {reporting ? <ReportDialog listingId={l.id} messageId={reporting.messageId} onClose={() => setReporting(null)} /> : null}
      </article>
    </PublicLayout>
  );
}

const askLabels: Record<RequestType, string> = { question: 'Ask a question', offer: 'Make an offer', viewing: 'Ask for a viewing' };

/** Ask a question, make an offer or ask for a viewing: checked here with the server's own words first. */
function AskPanel({ listingId, reserved, viewings }: { listingId: string; reserved: boolean; viewings: boolean }) {
  const [mode, setMode] = useState<RequestType | null>(null);
  const [message, setMessage] = useState('');
  const [amount, setAmount] = useState('');
  const [when, setWhen] = useState('');
  const [errors, setErrors] = useState<{ message?: string; amount?: string; when?: string; form?: string }>({});
  const ask = useClassifiedChange((body: Parameters<typeof classifiedCalls.ask>[1]) => classifiedCalls.ask(listingId, body));

  const submit = async () => {
    if (!mode) return;
    const next: typeof errors = {};
    if (!message.trim()) next.message = classifiedMessages.empty;
    else if (hasContactDetails(message)) next.message = classifiedMessages.flagged;
    let cents: number | undefined;
    if (mode === 'offer') {
      const parsed = parseCents(amount, 'Your offer');
      if (!parsed.ok) next.amount = parsed.message;
      else if (!parsed.cents) next.amount = classifiedMessages.offerZero;
      else if (parsed.cents > MAX_OFFER_CENTS) next.amount = classifiedMessages.offerTooHigh;
      else cents = parsed.cents;
    }
    const at = mode === 'viewing' && when ? new Date(when) : null;
    if (mode === 'viewing' && (!at || Number.isNaN(at.getTime()) || at.getTime() <= Date.now())) next.when = classifiedMessages.viewingTime;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await ask.mutateAsync({
        request_type: mode,
        message,
        ...(cents !== undefined ? { offer_amount_cents: cents } : {}),
        ...(at ? { viewing_at: at.toISOString() } : {}),
      });
      toast({ title: mode === 'offer' ? 'Offer sent' : 'Message sent', variant: 'success' });
      setMode(null);
      setMessage('');
      setAmount('');
      setWhen('');
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setErrors({
        message: fields.message?.[0],
        amount: fields.offer_amount_cents?.[0],
        when: fields.viewing_at?.[0],
        form: fields.message || fields.offer_amount_cents || fields.viewing_at ? undefined : failureMessage(err),
      });
    }
  };

  if (!mode)
    return (
      <div className={w.actionRow}>
        <Button onPress={() => setMode('question')}>Ask a question</Button>
        {reserved ? null : (
          <Button variant="secondary" onPress={() => setMode('offer')}>
            Make an offer
          </Button>
        )}
        {viewings ? (
          <Button variant="secondary" onPress={() => setMode('viewing')}>
            Ask for a viewing
          </Button>
        ) : null}
      </div>
    );
  return (
    <form
      className={s.threadBox}
      aria-label={askLabels[mode]}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className={w.sectionTitle}>{askLabels[mode]}</h2>
      {errors.form ? (
        <p className={w.fieldError} role="alert">
          {errors.form}
        </p>
      ) : null}
      {mode === 'offer' ? (
        <TextField label="Your offer (R)" inputMode="decimal" autoFocus value={amount} onChange={setAmount} error={errors.amount} />
      ) : null}
      {mode === 'viewing' ? (
        <DateTimeField label="When would you like to view it?" value={when} onChange={setWhen} error={errors.when} />
      ) : null}
      <TextField
        label="Message"
        multiline
        autoFocus={mode === 'question'}
        value={message}
        onChange={setMessage}
        error={errors.message}
        description="Keep contact inside Vuka: links and phone numbers are not allowed in a first message."
      />
      <div className={w.formActions}>
        <Button variant="secondary" onPress={() => setMode(null)} isDisabled={ask.isPending}>
          Cancel
        </Button>
        <Button type="submit" isPending={ask.isPending}>
          {mode === 'offer' ? 'Send offer' : 'Send'}
        </Button>
      </div>
    </form>
  );
}

function ReportDialog({ listingId, messageId, onClose }: { listingId: string; messageId?: string; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useClassifiedChange(() => classifiedCalls.report(listingId, reason, messageId));
  const submit = async () => {
    if (!reason.trim()) return setError(classifiedMessages.reason);
    try {
      const res = await report.mutateAsync(undefined);
      toast({ title: 'Report sent', description: res.message, variant: 'success' });
      onClose();
    } catch (err) {
      setError(failureMessage(err));
    }
  };
  return (
    <ModalDialog title={messageId ? 'Report a message' : 'Report this ad'} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <form
        className={w.dialogBody}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="What is wrong?" multiline autoFocus value={reason} onChange={setReason} error={error ?? undefined} />
        <div className={w.formActions}>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isPending={report.isPending}>
            Send report
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
