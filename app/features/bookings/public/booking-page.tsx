import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { bookingCreate, type bookingPlaced } from '../../../../schema/bookings/bookings';
import { formatCents } from '../../../../schema/kit/money';
import { mailConsentMessages } from '../../../../schema/mail/mail-consent';
import type { z } from 'zod';
import { Button } from '../../../ui/button';
import { EmptyState, LoadError, Notice } from '../../../ui/feedback';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import * as w from '../../../ui/page.css';
import { MarketLayout, marketStyles as m } from '../../marketplace';
import { usePageMeta } from '../../../kit/page-meta';
import { useAuth } from '../../../data/auth-store';
import { serverMessage } from '../../../kit/workspace-queries';
import { addIsoDays, bookingCalls, dayIn, isoDayIn, timeIn, useBookingChange, usePublicService, useSlots } from '../use-bookings';
import { bookingPriceText } from '../../../../schema/bookings/booking-price';

const route = getRouteApi('/marketplace/services/$publicServiceId');
const DAYS_SHOWN = 14;

/** A service's free slots from today for the two weeks a customer can choose from. */
export function useSlotsAhead(serviceId: string) {
  const today = isoDayIn(new Date());
  return useSlots(serviceId, today, addIsoDays(today, DAYS_SHOWN - 1));
}

/**
 * /marketplace/services/{id}: free slots for the next two weeks, shown in the customer's own time
 * zone (the business's zone is the truth and is named), the customer's details, and the confirmation.
 */
export function BookingPage() {
  const { publicServiceId } = route.useParams();
  const service = usePublicService(publicServiceId);
  const slots = useSlotsAhead(publicServiceId);
  const [start, setStart] = useState('');
  const [chosenDay, setChosenDay] = useState('');
  const [placed, setPlaced] = useState<z.infer<typeof bookingPlaced> | null>(null);
  usePageMeta({ title: service.data ? `Book ${service.data.title}` : 'Book a service', description: service.data?.description ?? '' });
  const byDay = slotsByDay(slots.data?.slots ?? []);
  const ownZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <MarketLayout>
      <div className={`${m.container} ${m.stack}`}>
        {service.isPending ? (
          <Spinner label="Loading the service" />
        ) : service.isError || !service.data ? (
          <LoadError title="This service cannot be booked" message={serverMessage(service.error)} onRetry={() => void service.refetch()} />
        ) : placed ? (
          <Confirmation placed={placed} />
        ) : (
          <>
            <div>
              <h1 className={m.h1}>{service.data.title}</h1>
              <p className={m.muted}>
                {service.data.business} · {service.data.duration_minutes} min ·{' '}
                {formatCents(service.data.price_cents, service.data.currency)}
              </p>
              {service.data.deposit_cents > 0 ? (
                <p data-testid="deposit-terms">
                  A deposit of {formatCents(service.data.deposit_cents, service.data.currency)} is paid by card when you book; the rest at
                  the appointment. Cancel at least {service.data.cancel_cutoff_hours} hours before and the deposit is refunded.
                </p>
              ) : null}
              {service.data.description ? <p>{service.data.description}</p> : null}
            </div>
            <section aria-labelledby="slots-title" className={w.stack}>
              <h2 id="slots-title" className={w.sectionTitle}>
                Choose a time
              </h2>
              <p className={w.muted}>
                Times are shown in your time zone ({ownZone}).
                {ownZone !== service.data.timezone ? ` The business works in ${service.data.timezone}.` : ''}
              </p>
              {slots.isPending ? (
                <Spinner label="Finding free times" />
              ) : byDay.size === 0 ? (
                <EmptyState title="No free times in the next two weeks" />
              ) : (
                <DaySlots
                  byDay={byDay}
                  chosenDay={chosenDay || [...byDay.keys()][0]}
                  onDay={setChosenDay}
                  start={start}
                  onStart={setStart}
                />
              )}
            </section>
            {start ? (
              <BookingForm
                serviceId={publicServiceId}
                start={start}
                deposit={service.data.deposit_cents > 0 ? formatCents(service.data.deposit_cents, service.data.currency) : null}
                onPlaced={(p) => {
                  // With a deposit the customer pays on the card partner's page, which brings them back to their booking.
                  if (p.authorization_url) window.location.assign(p.authorization_url);
                  else setPlaced(p);
                }}
              />
            ) : null}
          </>
        )}
      </div>
    </MarketLayout>
  );
}

/** Free starts grouped by the customer's own day, in order. */
export function slotsByDay(slots: readonly { start_at: string }[]): Map<string, string[]> {
  const byDay = new Map<string, string[]>();
  for (const s of slots) {
    const day = isoDayIn(new Date(s.start_at));
    byDay.set(day, [...(byDay.get(day) ?? []), s.start_at]);
  }
  return byDay;
}

/** One day's free times at a time (a phone shows a handful, not two weeks), the days as a row of choices. */
export function DaySlots(props: {
  byDay: Map<string, string[]>;
  chosenDay: string;
  onDay: (day: string) => void;
  start: string;
  onStart: (start: string) => void;
}) {
  const starts = props.byDay.get(props.chosenDay) ?? [];
  return (
    <>
      <div className={w.row} role="group" aria-label="Days with free times">
        {[...props.byDay.entries()].map(([day, daySlots]) => (
          <Button
            key={day}
            variant={day === props.chosenDay ? 'primary' : 'secondary'}
            onPress={() => props.onDay(day)}
            aria-pressed={day === props.chosenDay}
          >
            {dayIn(daySlots[0])}
          </Button>
        ))}
      </div>
      <div role="group" aria-label={`Free times on ${starts[0] ? dayIn(starts[0]) : ''}`} className={w.row}>
        {starts.map((s) => (
          <Button
            key={s}
            variant={s === props.start ? 'primary' : 'secondary'}
            onPress={() => props.onStart(s)}
            aria-pressed={s === props.start}
          >
            {timeIn(s)}
          </Button>
        ))}
      </div>
    </>
  );
}

function BookingForm({
  serviceId,
  start,
  deposit,
  onPlaced,
}: {
  serviceId: string;
  start: string;
  /** The deposit to pay by card, formatted; null for none. */
  deposit: string | null;
  onPlaced: (p: z.infer<typeof bookingPlaced>) => void;
}) {
  const { user } = useAuth();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  // A signed-in customer finds their details filled in, also when the session arrives after the
  // form; whatever they typed themselves stays.
  useEffect(() => {
    if (!user) return;
    setName((typed) => typed || user.full_name);
    setEmail((typed) => typed || user.email);
    setPhone((typed) => typed || (user.phone ?? ''));
  }, [user]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const book = useBookingChange((body: z.output<typeof bookingCreate>) => bookingCalls.book(serviceId, body));
  return (
    <form
      className={w.stack}
      aria-label="Your details"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setFailure('');
        const parsed = bookingCreate.safeParse({ start_at: start, customer_name: name, customer_email: email, customer_phone: phone });
        if (!parsed.success) {
          setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
          return;
        }
        setErrors({});
        book.mutate(parsed.data, { onSuccess: onPlaced, onError: (err) => setFailure(serverMessage(err)) });
      }}
    >
      <h2 className={w.sectionTitle}>
        Your details for {dayIn(start)} at {timeIn(start)}
      </h2>
      <TextField label="Name" value={name} onChange={setName} error={errors.customer_name} autoComplete="name" />
      <TextField label="E-mail" type="email" value={email} onChange={setEmail} error={errors.customer_email} autoComplete="email" />
      <TextField label="Phone" type="tel" value={phone} onChange={setPhone} error={errors.customer_phone} autoComplete="tel" />
      {failure ? (
        <Notice tone="error" title="Not booked">
          {failure}
        </Notice>
      ) : null}
      <div className={w.formActions}>
        <Button type="submit" isPending={book.isPending || (book.isSuccess && deposit !== null)}>
          {deposit ? `Book and pay ${deposit} deposit` : 'Book'}
        </Button>
      </div>
    </form>
  );
}

function Confirmation({ placed }: { placed: z.infer<typeof bookingPlaced> }) {
  return (
    <section aria-labelledby="confirmed-title" className={w.stack}>
      <h1 id="confirmed-title" className={m.h1}>
        Booking confirmed
      </h1>
      <p>
        {placed.service_title} with {placed.staff_name} at {placed.business}, {dayIn(placed.start_at)} at {timeIn(placed.start_at)} (your
        time).
      </p>
      <p data-testid="booking-price">{bookingPriceText(placed)}</p>
      {placed.mail === 'awaiting_confirmation' ? (
        <>
          <Notice tone="info" title={mailConsentMessages.bookingWaiting} />
          <p className={w.muted}>
            You can change the time or cancel up to {placed.cancel_cutoff_hours} hours before, from{' '}
            <Link to="/marketplace/services/bookings/$bookingToken" params={{ bookingToken: placed.token }}>
              your booking's page
            </Link>
            .
          </p>
        </>
      ) : (
        <p className={w.muted}>
          A confirmation with a calendar file is on its way to your e-mail. You can change the time or cancel up to{' '}
          {placed.cancel_cutoff_hours} hours before, from the link in it.
        </p>
      )}
    </section>
  );
}
