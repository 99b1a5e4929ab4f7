import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { EventDetail } from '../../../schema/events/events';
import { LoadError } from '../../ui/feedback';
import * as w from '../../ui/page.css';
import { Spinner } from '../../ui/spinner';
import { serverMessage } from '../../kit/workspace-queries';
import * as s from './events.css';
import { useEvent } from './use-events';

/** The event's pages, one link each: its details, tickets, registrations and the door. */
export function EventNav({ workspaceId, eventId }: { workspaceId: number; eventId: string }) {
  const params = { workspaceId, eventId };
  const active = { className: w.badge.accent, 'aria-current': 'page' as const };
  const idle = { className: w.badge.neutral };
  return (
    <nav aria-label="Event pages" className={s.tabs}>
      <Link to="/workspace/$workspaceId/events" params={{ workspaceId }} {...idle}>
        All events
      </Link>
      <Link
        to="/workspace/$workspaceId/events/$eventId"
        params={params}
        activeOptions={{ exact: true }}
        activeProps={active}
        inactiveProps={idle}
      >
        Details
      </Link>
      <Link to="/workspace/$workspaceId/events/$eventId/tickets" params={params} activeProps={active} inactiveProps={idle}>
        Tickets
      </Link>
      <Link to="/workspace/$workspaceId/events/$eventId/registrations" params={params} activeProps={active} inactiveProps={idle}>
        Registrations
      </Link>
      <Link to="/workspace/$workspaceId/events/$eventId/door" params={params} activeProps={active} inactiveProps={idle}>
        Door check-in
      </Link>
    </nav>
  );
}

/** Loads the event, then renders the page for it (spinner, then the reason when it cannot load). */
export function WithEvent({
  workspaceId,
  eventId,
  children,
}: {
  workspaceId: number;
  eventId: string;
  children: (event: EventDetail) => ReactNode;
}) {
  const event = useEvent(workspaceId, eventId);
  if (event.isPending) return <Spinner label="Loading the event" />;
  if (event.isError)
    return <LoadError title="The event could not be loaded" message={serverMessage(event.error)} onRetry={() => void event.refetch()} />;
  return <>{children(event.data)}</>;
}
