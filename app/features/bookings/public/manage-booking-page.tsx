import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { z } from 'zod';
import type { publicBooking } from '../../../../schema/bookings/bookings';
import { formatCents } from '../../../../schema/kit/money';
import { Button } from '../../../ui/button';
import { EmptyState, LoadError, Notice } from '../../../ui/feedback';
import { Spinner } from '../../../ui/spinner';
import * as w from '../../../ui/page.css';
import { MarketLayout, marketStyles as m } from '../../marketplace';
import { usePageMeta } from '../../../kit/page-meta';
import { serverMessage } from '../../../kit/workspace-queries';
import { bookingCalls, dayIn, timeIn, useBooking, useBookingChange } from '../use-bookings';
import { DaySlots, slotsByDay, useSlotsAhead } from './booking-page';
import { mailConsentMessages } from '../../../../schema/mail/mail-consent';
import { bookingPriceText } from '../../../../schema/bookings/booking-price';

const route = getRouteApi('/marketplace/services/bookings/$bookingToken');

/**
 * The customer's own booking, from the link in their e-mail: see it, move it to another free time,
 * or cancel it, until the cut-off.
 */
export function ManageBookingPage() {
  const { bookingToken } = route.useParams();
  usePageMeta({ title: 'Your booking', description: '' });
  const booking = useBooking(bookingToken);
  const [failure, setFailure] = useState('');
  const [moving, setMoving] = useState(false);
  const [moved, setMoved] = useState(false);
  const cancel = useBookingChange(() => bookingCalls.cancel(bookingToken, ''));
  return (
    <MarketLayout>
      <div className={`${m.container} ${m.stack}`}>
        {booking.isPending ? (
          <Spinner label="Loading your booking" />
        ) : booking.isError || !booking.data ? (
          <LoadError title="Booking not found" message={serverMessage(booking.error)} onRetry={() => void booking.refetch()} />
        ) : (
          <>
            <h1 className={m.h1}>{booking.data.service_title}</h1>
            <p data-testid="booking-when">
              With {booking.data.staff_name} at {booking.data.business}, {dayIn(booking.data.start_at)} at {timeIn(booking.data.start_at)}{' '}
              (your time).
            </p>
            <p className={w.muted} data-testid="booking-status">
              Status: {statusText(booking.data)}
              {booking.data.status === 'cancelled' && booking.data.cancel_reason ? ` (${booking.data.cancel_reason})` : ''}
            </p>
            <p data-testid="booking-price">{bookingPriceText(booking.data)}</p>
            <DepositState booking={booking.data} onCheck={() => void booking.refetch()} checking={booking.isFetching} />
            {moved ? (
              <Notice tone="info" title="Booking moved">
                {booking.data.mail_held ? mailConsentMessages.movedWaiting : 'A new calendar file is on its way to your e-mail.'}
              </Notice>
            ) : null}
            {failure ? <Notice tone="error">{failure}</Notice> : null}
            {moving ? (
              <Reschedule
                token={bookingToken}
                booking={booking.data}
                onDone={() => {
                  setMoving(false);
                  setMoved(true);
                }}
                onClose={() => setMoving(false)}
              />
            ) : booking.data.can_cancel || booking.data.can_reschedule ? (
              <div className={w.formActions}>
                {booking.data.can_reschedule ? (
                  <Button
                    variant="secondary"
                    onPress={() => {
                      setFailure('');
                      setMoved(false);
                      setMoving(true);
                    }}
                  >
                    Change time
                  </Button>
                ) : null}
                {booking.data.can_cancel ? (
                  <Button
                    variant="danger"
                    isPending={cancel.isPending}
                    onPress={() => cancel.mutate(undefined, { onError: (e) => setFailure(serverMessage(e)) })}
                  >
                    Cancel booking
                  </Button>
                ) : null}
              </div>
            ) : booking.data.status !== 'cancelled' ? (
              <p className={w.muted}>This booking can no longer be changed online. Please contact the business.</p>
            ) : null}
          </>
        )}
      </div>
    </MarketLayout>
  );
}

type Booking = z.infer<typeof publicBooking>;

const waitingForDeposit = (b: Booking) => b.status === 'pending' && b.payment_status === 'unpaid' && b.deposit_cents > 0;

function statusText(b: Booking): string {
  if (b.status === 'cancelled') return 'Cancelled';
  return waitingForDeposit(b) ? 'Waiting for your deposit' : 'Booked';
}

/** What was paid by card for the booking, and what is left for the appointment. */
function DepositState({ booking: b, onCheck, checking }: { booking: Booking; onCheck: () => void; checking: boolean }) {
  if (b.deposit_cents === 0) return null;
  const money = (cents: number) => formatCents(cents, b.currency);
  if (b.payment_status === 'refunded') {
    return <p data-testid="deposit-state">Your deposit of {money(b.paid_cents || b.deposit_cents)} is being refunded to your card.</p>;
  }
  if (b.payment_status === 'paid') {
    return (
      <p data-testid="deposit-state">
        Deposit paid: {money(b.paid_cents)}. {b.status === 'cancelled' ? '' : 'The rest is paid at the appointment.'}
      </p>
    );
  }
  if (!waitingForDeposit(b)) return null;
  return (
    <Notice tone="warning" title="Waiting for your deposit">
      <p className={w.muted} data-testid="deposit-state">
        The time is held for you while the deposit of {money(b.deposit_cents)} is paid. If you have just paid, it shows here in a moment.
      </p>
      <div>
        <Button variant="secondary" isPending={checking} onPress={onCheck}>
          Check again
        </Button>
      </div>
    </Notice>
  );
}

/** Another free time of the same service for the next two weeks, in the customer's own zone. */
function Reschedule(props: { token: string; booking: z.infer<typeof publicBooking>; onDone: () => void; onClose: () => void }) {
  const slots = useSlotsAhead(props.booking.service_id);
  const [chosenDay, setChosenDay] = useState('');
  const [start, setStart] = useState('');
  const [failure, setFailure] = useState('');
  const move = useBookingChange((at: string) => bookingCalls.reschedule(props.token, at));
  const byDay = slotsByDay((slots.data?.slots ?? []).filter((s) => s.start_at !== props.booking.start_at));
  return (
    <section aria-labelledby="reschedule-title" className={w.stack}>
      <h2 id="reschedule-title" className={w.sectionTitle}>
        Choose a new time
      </h2>
      <p className={w.muted}>Times are shown in your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).</p>
      {slots.isPending ? (
        <Spinner label="Finding free times" />
      ) : slots.isError ? (
        <LoadError title="Free times could not be loaded" message={serverMessage(slots.error)} onRetry={() => void slots.refetch()} />
      ) : byDay.size === 0 ? (
        <EmptyState title="No free times in the next two weeks" />
      ) : (
        <DaySlots byDay={byDay} chosenDay={chosenDay || [...byDay.keys()][0]} onDay={setChosenDay} start={start} onStart={setStart} />
      )}
      {failure ? (
        <Notice tone="error" title="Not moved">
          {failure}
        </Notice>
      ) : null}
      <div className={w.formActions}>
        <Button variant="secondary" onPress={props.onClose}>
          Keep current time
        </Button>
        {start ? (
          <Button
            isPending={move.isPending}
            onPress={() => {
              setFailure('');
              move.mutate(start, { onSuccess: props.onDone, onError: (e) => setFailure(serverMessage(e)) });
            }}
          >
            Move to {dayIn(start)} at {timeIn(start)}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
