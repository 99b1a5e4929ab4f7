import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { eventsContract as c } from '../../../schema/events/contract';
import { eventCreate, whenKey, type EventStatus } from '../../../schema/events/events';
import { ApiError, call } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { Button } from '../../ui/button';
import { EmptyState, LoadError, Notice } from '../../ui/feedback';
import { FormActions, FormFailure } from '../../ui/form-actions';
import { CheckboxField, SelectField } from '../../ui/form-controls';
import { ModalDialog } from '../../ui/modal-dialog';
import * as w from '../../ui/page.css';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { serverMessage } from '../../kit/workspace-queries';
import * as s from './events.css';
import { eventKeys, eventWhen, rememberEvents, useEvents } from './use-events';

const route = getRouteApi('/protected/workspace/$workspaceId/events');

export const statusLabels: Record<EventStatus, string> = { draft: 'Draft', published: 'Published', cancelled: 'Cancelled' };
const statusBadge: Record<EventStatus, string> = { draft: w.badge.neutral, published: w.badge.accent, cancelled: w.badge.neutral };

/** /workspace/{id}/events: the workspace's events, and a new one. */
export function EventsPage() {
  const { workspaceId } = route.useParams();
  const { user } = useAuth();
  const events = useEvents(workspaceId);
  const [creating, setCreating] = useState(false);
  const list = events.data?.events;
  useEffect(() => {
    if (list && user) rememberEvents(user.id, workspaceId, list);
  }, [list, user, workspaceId]);

  return (
    <section className={w.page} aria-labelledby="events-title">
      <div className={w.pageHeader}>
        <h1 id="events-title" className={w.title}>
          Events
        </h1>
        <Button onPress={() => setCreating(true)}>New event</Button>
      </div>
      {events.isPending ? (
        <Spinner label="Loading events" />
      ) : events.isError ? (
        <LoadError title="Events could not be loaded" message={serverMessage(events.error)} onRetry={() => void events.refetch()} />
      ) : list && list.length > 0 ? (
        <ul className={s.cards} aria-label="Events">
          {list.map((e) => (
            <li key={e.id}>
              <Link className={s.card} to="/workspace/$workspaceId/events/$eventId" params={{ workspaceId, eventId: e.id }}>
                <h2 className={s.cardTitle}>{e.title}</h2>
                <div className={w.row}>
                  <span className={statusBadge[e.status]}>{statusLabels[e.status]}</span>
                  {e.visibility === 'private' ? <span className={w.badge.neutral}>Private</span> : null}
                </div>
                <p className={w.muted}>
                  {eventWhen(e)}
                  {e.location ? ` · ${e.location}` : ''}
                </p>
                <p className={w.muted}>
                  {e.sold === 1 ? '1 ticket sold' : `${e.sold} tickets sold`} · {e.admitted} admitted
                </p>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No events yet">
          <p className={w.muted}>Create an event, add ticket types, publish it, and check guests in at the door, even with no signal.</p>
        </EmptyState>
      )}
      {creating ? <NewEventDialog workspaceId={workspaceId} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}

function NewEventDialog({ workspaceId, onClose }: { workspaceId: number; onClose: () => void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [limit, setLimit] = useState<string | null>(null);
  const form = useZodForm(
    eventCreate,
    {
      title: '',
      start_date: '',
      end_date: '',
      location: '',
      category: '',
      description: '',
      price: '',
      max_attendees: '',
      is_online: false,
      requires_approval: false,
      visibility: 'public' as 'public' | 'private',
    },
    {
      toInput: (v) => ({
        ...v,
        max_attendees: v.max_attendees.trim() === '' ? undefined : Number(v.max_attendees),
        price: v.price.trim() === '' ? undefined : v.price.trim(),
      }),
    },
  );
  const submit = form.handleSubmit(
    async (body) => {
      // The schema's output holds parsed dates; the server parses them again from their text.
      const made = await call(c.create, {
        params: { id: workspaceId },
        body: {
          ...body,
          start_date: body.start_date ? whenKey(body.start_date) : '',
          end_date: body.end_date ? whenKey(body.end_date) : undefined,
        },
      });
      await client.invalidateQueries({ queryKey: eventKeys.all(workspaceId) });
      toast({ title: 'Event created', variant: 'success' });
      onClose();
      void navigate({ to: '/workspace/$workspaceId/events/$eventId', params: { workspaceId, eventId: made.id } });
    },
    { onError: (err) => setLimit(err instanceof ApiError && err.body?.code === 'plan_limit' ? err.serverMessage : null) },
  );
  return (
    <ModalDialog title="New event" isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <form className={w.dialogBody} onSubmit={submit} noValidate aria-label="New event">
        {limit ? (
          <Notice tone="warning" title="Event limit reached">
            <p className={w.muted}>{limit}</p>
            <Link to="/settings" search={{ tab: 'subscription' }}>
              See plans and upgrade
            </Link>
          </Notice>
        ) : (
          <FormFailure lead="The event could not be created" message={form.failure} />
        )}
        <TextField label="Title" isRequired autoFocus {...form.field('title')} />
        <div className={w.twoColumns}>
          <TextField
            label="Starts"
            isRequired
            placeholder="2026-12-24T18:00"
            description="YYYY-MM-DD, time optional"
            {...form.field('start_date')}
          />
          <TextField label="Ends" placeholder="2026-12-24T23:00" description="Optional" {...form.field('end_date')} />
        </div>
        <TextField label="Location" {...form.field('location')} />
        <div className={w.twoColumns}>
          <TextField label="Category" {...form.field('category')} />
          <TextField label="Most people" description="Optional cap on attendees" inputMode="numeric" {...form.field('max_attendees')} />
        </div>
        <TextField label="Price from (R)" description="Shown on listings; tickets carry their own prices" {...form.field('price')} />
        <TextField label="Description" multiline {...form.field('description')} />
        <SelectField<'public' | 'private'>
          label="Visibility"
          value={form.values.visibility}
          options={[
            { value: 'public', label: 'Public: listed on /events' },
            { value: 'private', label: 'Private: only people with the link' },
          ]}
          onChange={(v) => form.set('visibility', v)}
        />
        <CheckboxField isSelected={form.values.is_online} onChange={(v) => form.set('is_online', v)}>
          Online event
        </CheckboxField>
        <CheckboxField isSelected={form.values.requires_approval} onChange={(v) => form.set('requires_approval', v)}>
          Registrations need my approval
        </CheckboxField>
        <FormActions submitLabel="Create event" pending={form.submitting} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}
