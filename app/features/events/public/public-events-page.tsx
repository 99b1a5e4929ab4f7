import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { eventsContract as c } from '../../../../schema/events/contract';
import type { PublicEventDto } from '../../../../schema/events/events';
import { formatCents } from '../../../../schema/kit/money';
import { call } from '../../../data/api';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/feedback';
import * as w from '../../../ui/page.css';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { usePageMeta } from '../../../kit/page-meta';
import { PublicLayout } from '../../../shell/public/layout/public-layout';
import * as s from '../events.css';
import { eventPictureUrl, eventWhen } from '../use-events';
import * as p from './public.css';

const eventsRoute = getRouteApi('/events');
const marketplaceRoute = getRouteApi('/marketplace/events');

/** /events: upcoming public events, searchable. */
export function PublicEventsPage() {
  const { q } = eventsRoute.useSearch();
  return <UpcomingEvents q={q} to="/events" />;
}

/** /marketplace/events: the same list, in the marketplace. */
export function MarketplaceEventsPage() {
  const { q } = marketplaceRoute.useSearch();
  return <UpcomingEvents q={q} to="/marketplace/events" />;
}

export function priceLabel(e: Pick<PublicEventDto, 'from_cents' | 'currency' | 'price'>): string {
  if (e.from_cents === null) return e.price === '0' ? 'Free' : `From R ${e.price}`;
  return e.from_cents === 0 ? 'Free' : `From ${formatCents(e.from_cents, e.currency)}`;
}

function UpcomingEvents({ q, to }: { q: string | undefined; to: '/events' | '/marketplace/events' }) {
  const navigate = useNavigate();
  const [words, setWords] = useState(q ?? '');
  usePageMeta({ title: 'Events', description: 'Upcoming events near you: concerts, markets, workshops and more, with tickets.' });
  const events = useQuery({ queryKey: ['public-events', q ?? ''], queryFn: () => call(c.publicList, { query: { q } }) });
  function search(e: FormEvent) {
    e.preventDefault();
    void navigate({ to, search: words.trim() ? { q: words.trim() } : {} });
  }
  return (
    <PublicLayout>
      <div className={p.page}>
        <h1 className={w.title}>Upcoming events</h1>
        <form className={p.search} onSubmit={search} role="search" aria-label="Search events">
          <TextField label="Search events" value={words} onChange={setWords} placeholder="Name, place or category" />
          <Button type="submit">Search</Button>
        </form>
        {events.isPending ? (
          <Spinner label="Loading events" />
        ) : events.isError ? (
          <p role="alert">Events could not be loaded. Check your connection and try again.</p>
        ) : events.data.events.length === 0 ? (
          <EmptyState title={q ? 'No events match your search' : 'No upcoming events yet'}>
            <p className={w.muted}>{q ? 'Try other words.' : 'Check back soon.'}</p>
          </EmptyState>
        ) : (
          <EventCards events={events.data.events} />
        )}
      </div>
    </PublicLayout>
  );
}

/** Event cards linking to each event's page (the events list and a business's storefront). */
export function EventCards({ events, headingLevel = 2 }: { events: PublicEventDto[]; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={s.cards} aria-label="Events">
      {events.map((e) => (
        <li key={e.slug}>
          <Link className={s.card} to="/marketplace/events/$slug" params={{ slug: e.slug }}>
            {e.cover_image ? (
              // The title beside it names the event: the picture itself adds nothing to read aloud.
              <img className={s.cardCover} src={eventPictureUrl(e.slug, e.cover_image, 400)} alt="" loading="lazy" />
            ) : null}
            <Heading className={s.cardTitle}>{e.title}</Heading>
            <p className={w.muted}>{eventWhen(e)}</p>
            <p className={w.muted}>{e.is_online ? 'Online' : e.location || 'Place to be announced'}</p>
            <p>
              <strong>{priceLabel(e)}</strong> · {e.organiser}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
