import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { eventsContract as c } from '../../../schema/events/contract';
import type { EventDetail, EventPatch } from '../../../schema/events/events';
import { formatCents } from '../../../schema/kit/money';
import { call } from '../../data/api';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import * as w from '../../ui/page.css';
import { toast } from '../../ui/toast-store';
import { serverMessage } from '../../kit/workspace-queries';
import { EventNav, WithEvent } from './event-nav';
import { EventPictures } from './event-pictures';
import { statusLabels } from './events-page';
import { eventKeys, eventWhen } from './use-events';

const route = getRouteApi('/protected/workspace/$workspaceId/events/$eventId');

/** /workspace/{id}/events/{event_id}: what the event is, and publishing it. */
export function EventPage() {
  const { workspaceId, eventId } = route.useParams();
  return (
    <section className={w.page} aria-labelledby="event-title">
      <WithEvent workspaceId={workspaceId} eventId={eventId}>
        {(event) => <EventDetails workspaceId={workspaceId} event={event} />}
      </WithEvent>
    </section>
  );
}

function EventDetails({ workspaceId, event }: { workspaceId: number; event: EventDetail }) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (body: EventPatch) => call(c.update, { params: { id: workspaceId, eventId: event.id }, body }),
    onSuccess: async (updated) => {
      client.setQueryData(eventKeys.one(workspaceId, event.id), updated);
      await client.invalidateQueries({ queryKey: eventKeys.all(workspaceId) });
      toast({ title: updated.status === 'published' ? 'Event published' : 'Event saved', variant: 'success' });
    },
    onError: (err) => toast({ title: 'The event could not be changed', description: serverMessage(err), variant: 'destructive' }),
  });
  const publicPath = `/marketplace/events/${event.slug}`;
  return (
    <>
      <div className={w.pageHeader}>
        <h1 id="event-title" className={w.title}>
          {event.title}
        </h1>
        {event.status === 'published' ? (
          <Button variant="secondary" isDisabled={change.isPending} onPress={() => change.mutate({ status: 'draft' })}>
            Unpublish
          </Button>
        ) : (
          <Button isDisabled={change.isPending} onPress={() => change.mutate({ status: 'published' })}>
            Publish
          </Button>
        )}
      </div>
      <EventNav workspaceId={workspaceId} eventId={event.id} />
      <Card>
        <dl className={w.facts}>
          <Fact label="Status" value={statusLabels[event.status]} />
          <Fact label="When" value={eventWhen(event)} />
          <Fact
            label="Where"
            value={event.is_online ? `Online${event.location ? ` · ${event.location}` : ''}` : event.location || 'Not set'}
          />
          <Fact label="Visibility" value={event.visibility === 'public' ? 'Public' : 'Private (link only)'} />
          {event.category ? <Fact label="Category" value={event.category} /> : null}
          <Fact label="Capacity" value={event.max_attendees === null ? 'No cap' : String(event.max_attendees)} />
          <Fact label="Tickets sold" value={`${event.sold} · ${event.admitted} admitted`} />
          <Fact
            label="Ticket types"
            value={
              event.ticket_types.length === 0
                ? 'None yet: add them under Tickets'
                : event.ticket_types
                    .map((t) => `${t.name} (${t.price_cents === 0 ? 'Free' : formatCents(t.price_cents, t.currency)})`)
                    .join(', ')
            }
          />
        </dl>
        {event.description ? <p>{event.description}</p> : null}
        {event.status === 'published' ? (
          <p className={w.muted}>
            Public page: <a href={publicPath}>{publicPath}</a>
          </p>
        ) : (
          <p className={w.muted}>A draft is not on sale. Publish it to open its public page.</p>
        )}
      </Card>
      <EventPictures workspaceId={workspaceId} event={event} />
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={w.row}>
      <dt className={w.fieldLabel}>{label}:</dt>
      <dd style={{ margin: 0 }}>{value}</dd>
    </div>
  );
}
