import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { LoadError, Notice } from '../../../ui/feedback';
import { Spinner } from '../../../ui/spinner';
import * as w from '../../../ui/page.css';
import { MarketLayout } from '../../marketplace/market-layout';
import * as m from '../../marketplace/market.css';
import { usePageMeta } from '../../public/page-meta';
import { serverMessage } from '../../workspaces/workspace-queries';
import { bookingCalls, dayIn, timeIn, useBooking, useBookingChange } from '../use-bookings';

const route = getRouteApi('/marketplace/services/bookings/$bookingToken');

/** The customer's own booking, from the link in their e-mail: see it, and cancel it until the cut-off. */
export function ManageBookingPage() {
  const { bookingToken } = route.useParams();
  usePageMeta({ title: 'Your booking', description: '' });
  const booking = useBooking(bookingToken);
  const [failure, setFailure] = useState('');
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
            <p>
              With {booking.data.staff_name} at {booking.data.business}, {dayIn(booking.data.start_at)} at {timeIn(booking.data.start_at)}{' '}
              (your time).
            </p>
            <p className={w.muted}>Status: {booking.data.status === 'cancelled' ? 'Cancelled' : 'Booked'}</p>
            {failure ? <Notice tone="error">{failure}</Notice> : null}
            {booking.data.can_cancel ? (
              <div className={w.formActions}>
                <Button
                  variant="danger"
                  isPending={cancel.isPending}
                  onPress={() => cancel.mutate(undefined, { onError: (e) => setFailure(serverMessage(e)) })}
                >
                  Cancel booking
                </Button>
              </div>
            ) : booking.data.status !== 'cancelled' ? (
              <p className={w.muted}>This booking can no longer be cancelled online. Please contact the business.</p>
            ) : null}
          </>
        )}
      </div>
    </MarketLayout>
  );
}
