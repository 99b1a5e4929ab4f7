import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { eventsContract as c } from '../../../../schema/events/contract';
import { ticketOrderInput, type PublicEventDetail } from '../../../../schema/events/events';
import { formatCents } from '../../../../schema/kit/money';
import { ApiError, call } from '../../../data/api';
import { NotFound } from '../../../routes/not-found';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Notice } from '../../../ui/feedback';
import * as w from '../../../ui/page.css';
import { PageSpinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { zodFieldErrors, type FieldErrors } from '../../../kit/forms/use-zod-form';
import { usePageMeta } from '../../../kit/page-meta';
import { MarketLayout } from '../../marketplace';
import { eventPictureUrl, eventWhen } from '../use-events';
import { priceLabel } from './public-events-page';
import { TicketToCart } from './ticket-to-cart';
import * as p from './public.css';
import { mailConsentMessages } from '../../../../schema/mail/mail-consent';
import { ticketPaymentText } from '../../../../schema/events/ticket-payment';

const route = getRouteApi('/marketplace/events/$slug');

/** /marketplace/events/{slug}: the event page with its tickets; free ones register at once, paid ones go in the marketplace cart. */
export function PublicEventPage() {
  const { slug } = route.useParams();
  const { reference } = route.useSearch();
  const event = useQuery({
    queryKey: ['public-event', slug],
    queryFn: () => call(c.publicGet, { params: { slug } }),
    retry: (n, err) => !(err instanceof ApiError && err.status === 404) && n < 2,
  });
  if (event.isPending) return <PageSpinner label="Opening the event..." />;
  if (event.isError) {
    if (event.error instanceof ApiError && event.error.status === 404) return <NotFound />;
    return (
      <MarketLayout>
        <p role="alert">The event could not be loaded. Check your connection and try again.</p>
      </MarketLayout>
    );
  }
  return (
    <MarketLayout>
      <EventView event={event.data} reference={reference} />
    </MarketLayout>
  );
}

function EventView({ event, reference }: { event: PublicEventDetail; reference: string | undefined }) {
  usePageMeta({ title: event.title, description: `${eventWhen(event)} · ${event.location || 'Online'} · ${priceLabel(event)}` });
  return (
    <div className={`${p.page} ${p.narrow}`}>
      {event.cover_image ? (
        <img className={p.cover} src={eventPictureUrl(event.slug, event.cover_image, 640)} alt={`Cover picture of ${event.title}`} />
      ) : null}
      <header>
        <h1 className={w.title}>{event.title}</h1>
        <p className={w.muted}>
          {eventWhen(event)} · {event.is_online ? 'Online' : event.location || 'Place to be announced'} · by {event.organiser}
        </p>
      </header>
      {reference ? <CheckoutState slug={event.slug} reference={reference} /> : null}
      {event.description ? <p>{event.description}</p> : null}
      <TicketPicker event={event} />
      {event.gallery.length > 0 ? <Gallery event={event} /> : null}
    </div>
  );
}

/** The organiser's pictures in their order; each opens larger. */
function Gallery({ event }: { event: PublicEventDetail }) {
  const count = event.gallery.length;
  return (
    <section aria-labelledby="gallery-title">
      <h2 id="gallery-title" className={w.sectionTitle}>
        Gallery
      </h2>
      <ul className={p.gallery}>
        {event.gallery.map((id, i) => (
          <li key={id}>
            <a className={p.galleryLink} href={eventPictureUrl(event.slug, id, 1024)}>
              <img
                className={p.galleryPicture}
                src={eventPictureUrl(event.slug, id, 320)}
                alt={`${event.title}, picture ${i + 1} of ${count}`}
                loading="lazy"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CheckoutState({ slug, reference }: { slug: string; reference: string }) {
  const state = useQuery({
    queryKey: ['ticket-checkout', slug, reference],
    queryFn: () => call(c.checkout, { params: { slug, reference } }),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
  });
  if (!state.data) return <Notice title="Checking your payment…" />;
  if (state.data.status === 'failed') {
    return (
      <Notice tone="error" title="The payment did not go through">
        Nothing was charged. You can try again below.
      </Notice>
    );
  }
  if (state.data.status === 'pending') return <Notice title="Waiting for the payment to be confirmed…" />;
  const payment = <p data-testid="ticket-payment">{ticketPaymentText(state.data.paid_cents, state.data.currency, state.data.vat)}</p>;
  if (state.data.awaiting_approval) {
    return (
      <Notice tone="info" title="Payment received: the organiser approves registrations for this event">
        {payment}
        <p>Your tickets come by e-mail once your registration is approved.</p>
      </Notice>
    );
  }
  return (
    <Notice tone="info" title="Payment received: your tickets are on their way by e-mail">
      {payment}
      <ul>
        {state.data.tickets.map((token, i) => (
          <li key={token}>
            <Link to="/tickets/$token" params={{ token }}>
              Open ticket {i + 1}
            </Link>
          </li>
        ))}
      </ul>
    </Notice>
  );
}

/**
 * Paid tickets go in the marketplace cart (one checkout with anything else the buyer is getting);
 * free ones are taken here with a name and an e-mail. An event whose organiser approves each
 * registration takes every request here, paid ones through their own card checkout.
 */
function TicketPicker({ event }: { event: PublicEventDetail }) {
  const viaCart = event.requires_approval ? [] : event.ticket_types.filter((t) => t.price_cents > 0);
  const here = event.ticket_types.filter((t) => !viaCart.includes(t));
  return (
    <Card aria-labelledby="tickets-title">
      <h2 id="tickets-title" className={w.sectionTitle}>
        Tickets
      </h2>
      {event.ticket_types.length === 0 ? <p className={w.muted}>Tickets are not on sale yet.</p> : null}
      {viaCart.length > 0 ? (
        <>
          <ul className={p.plainList} aria-label="Tickets to buy">
            {viaCart.map((t) => (
              <TicketToCart key={t.id} event={event} type={t} />
            ))}
          </ul>
          <p className={w.muted}>Paid tickets are paid by card at checkout and come by e-mail once the payment is in.</p>
        </>
      ) : null}
      {here.length > 0 ? <TicketForm event={event} types={here} /> : null}
    </Card>
  );
}

function TicketForm({ event, types }: { event: PublicEventDetail; types: PublicEventDetail['ticket_types'] }) {
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const order = useMutation({
    mutationFn: (body: Parameters<typeof call<typeof c.order>>[1]['body']) => call(c.order, { params: { slug: event.slug }, body }),
    onSuccess: (result) => {
      if (result.authorization_url) window.location.assign(result.authorization_url);
    },
  });
  const lines = types
    .map((t) => ({ ticket_type_id: t.id, quantity: Number(quantities[t.id] ?? '0') }))
    .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
  const total = lines.reduce(
    (sum, l) => sum + (event.ticket_types.find((t) => t.id === l.ticket_type_id)?.price_cents ?? 0) * l.quantity,
    0,
  );
  const currency = types[0]?.currency ?? event.currency;

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ticketOrderInput.safeParse({ lines, name, email });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    order.mutate(parsed.data);
  }

  if (order.data && !order.data.authorization_url) {
    const waiting = order.data.mail === 'awaiting_confirmation';
    return order.data.registration_status === 'pending' ? (
      <Notice tone="info" title="Registration received">
        {waiting
          ? mailConsentMessages.approvalWaiting
          : 'The organiser approves registrations for this event; you will hear from them by e-mail.'}
      </Notice>
    ) : (
      <Notice
        tone="info"
        title={waiting ? `You're in. ${mailConsentMessages.ticketsWaiting}` : "You're in: your tickets are on their way by e-mail"}
      >
        <ul>
          {order.data.tickets.map((t, i) => (
            <li key={t.id}>
              <Link to="/tickets/$token" params={{ token: t.token }}>
                Open ticket {i + 1}
              </Link>
            </li>
          ))}
        </ul>
      </Notice>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Get tickets" className={w.stack}>
      {types.map((t) => (
        <div key={t.id} className={p.line}>
          <div>
            <strong>{t.name}</strong>
            <p className={w.muted}>
              {t.price_cents === 0 ? 'Free' : formatCents(t.price_cents, t.currency)}
              {t.on_sale ? ` · ${t.available} left` : ` · ${t.reason ?? 'Not on sale'}`}
            </p>
          </div>
          {t.on_sale ? (
            <div className={p.qty}>
              <TextField
                label={`How many ${t.name}`}
                inputMode="numeric"
                value={quantities[t.id] ?? ''}
                placeholder="0"
                onChange={(v) => setQuantities((q) => ({ ...q, [t.id]: v.replace(/\D/g, '').slice(0, 2) }))}
              />
            </div>
          ) : null}
        </div>
      ))}
      <TextField label="Your name" isRequired value={name} onChange={setName} error={errors.name} autoComplete="name" />
      <TextField
        label="E-mail for the tickets"
        isRequired
        type="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
        autoComplete="email"
      />
      {errors.lines ? (
        <p role="alert" className={w.fieldError}>
          {errors.lines}
        </p>
      ) : null}
      {order.error ? (
        <p role="alert" className={w.fieldError}>
          {order.error instanceof ApiError
            ? order.error.serverMessage
            : 'The order could not be placed. Check your connection and try again.'}
        </p>
      ) : null}
      <p>
        Total: <strong>{total === 0 ? 'Free' : formatCents(total, currency)}</strong>
      </p>
      <Button type="submit" isDisabled={order.isPending}>
        {total > 0 ? 'Pay by card' : 'Get free tickets'}
      </Button>
    </form>
  );
}
