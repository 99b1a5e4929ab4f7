import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { eventsContract as c } from '../../../schema/events/contract';
import { attendeeMessage, type EventDetail, type RegistrationRequest } from '../../../schema/events/events';
import { formatCents } from '../../../schema/kit/money';
import { call } from '../../data/api';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState, LoadError, Notice } from '../../ui/feedback';
import { FormActions, FormFailure } from '../../ui/form-actions';
import * as w from '../../ui/page.css';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { serverMessage } from '../../kit/workspace-queries';
import { attendeesCsv } from './attendees-csv';
import { EventNav, WithEvent } from './event-nav';
import * as s from './events.css';
import { eventKeys } from './use-events';
import { useWorkspaceDates } from '../../kit/date-format';

const route = getRouteApi('/protected/workspace/$workspaceId/events/$eventId/registrations');

const statusText = { registered: 'Registered', checked_in: 'Checked in', cancelled: 'Cancelled', refunded: 'Refunded' } as const;

/**
 * /workspace/{id}/events/{event_id}/registrations: registrations waiting for approval, attendees,
 * CSV, messages, and the double-admit report.
 */
export function RegistrationsPage() {
  const { workspaceId, eventId } = route.useParams();
  return (
    <section className={w.page} aria-labelledby="registrations-title">
      <WithEvent workspaceId={workspaceId} eventId={eventId}>
        {(event) => (
          <>
            <div className={w.pageHeader}>
              <h1 id="registrations-title" className={w.title}>
                Registrations · {event.title}
              </h1>
            </div>
            <EventNav workspaceId={workspaceId} eventId={event.id} />
            <Approvals workspaceId={workspaceId} event={event} />
            <AdmissionReport workspaceId={workspaceId} eventId={event.id} />
            <Attendees workspaceId={workspaceId} event={event} />
            <MessageAttendees workspaceId={workspaceId} eventId={event.id} />
          </>
        )}
      </WithEvent>
    </section>
  );
}

function Attendees({ workspaceId, event }: { workspaceId: number; event: EventDetail }) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: eventKeys.attendees(workspaceId, event.id),
    queryFn: () => call(c.attendees, { params: { id: workspaceId, eventId: event.id } }),
  });
  const cancel = useMutation({
    mutationFn: (attendeeId: string) => call(c.cancelAttendee, { params: { id: workspaceId, eventId: event.id, attendeeId } }),
    onSuccess: async (data) => {
      client.setQueryData(eventKeys.attendees(workspaceId, event.id), data);
      await client.invalidateQueries({ queryKey: eventKeys.one(workspaceId, event.id) });
      toast({ title: 'Ticket cancelled: door devices refuse it once they sync', variant: 'success' });
    },
    onError: (err) => toast({ title: 'The ticket could not be cancelled', description: serverMessage(err), variant: 'destructive' }),
  });
  function download() {
    const rows = list.data?.attendees ?? [];
    const url = URL.createObjectURL(new Blob([attendeesCsv(rows)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${event.slug}-attendees.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  if (list.isPending) return <Spinner label="Loading attendees" />;
  if (list.isError)
    return <LoadError title="Attendees could not be loaded" message={serverMessage(list.error)} onRetry={() => void list.refetch()} />;
  const rows = list.data.attendees;
  return (
    <Card aria-labelledby="attendees-title">
      <div className={w.pageHeader}>
        <h2 id="attendees-title" className={w.sectionTitle}>
          Attendees ({rows.length})
        </h2>
        <Button variant="secondary" onPress={download} isDisabled={rows.length === 0}>
          Export CSV
        </Button>
      </div>
      {rows.length === 0 ? (
        <EmptyState title="No registrations yet">
          <p className={w.muted}>
            {event.requires_approval
              ? 'Tickets appear here once you approve a registration.'
              : 'Tickets bought on the event page appear here.'}
          </p>
        </EmptyState>
      ) : (
        <div className={s.tableWrap}>
          <table className={s.table}>
            <thead>
              <tr>
                <th className={s.th}>Name</th>
                <th className={s.th}>Ticket</th>
                <th className={s.th}>Status</th>
                <th className={s.th}>Payment</th>
                <th className={s.th}>
                  <span className={w.visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id}>
                  <td className={s.td}>
                    {a.name}
                    <br />
                    <span className={w.muted}>{a.email}</span>
                  </td>
                  <td className={s.td}>{a.ticket_type}</td>
                  <td className={s.td}>{statusText[a.status]}</td>
                  <td className={s.td}>{a.payment_status}</td>
                  <td className={s.td}>
                    {a.status === 'registered' || a.status === 'checked_in' ? (
                      <Button
                        variant="secondary"
                        isDisabled={cancel.isPending}
                        onPress={() => cancel.mutate(a.id)}
                        aria-label={`Cancel ticket of ${a.name}`}
                      >
                        Cancel
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

type Decision = { registration: RegistrationRequest; action: 'approve' | 'decline' };

const ticketsText = (r: RegistrationRequest) => r.lines.map((l) => `${l.quantity} × ${l.ticket_type || 'Ticket'}`).join(', ');

/** Registrations of an event with requires_approval, each approved (tickets issued and e-mailed) or declined. */
function Approvals({ workspaceId, event }: { workspaceId: number; event: EventDetail }) {
  const client = useQueryClient();
  const dates = useWorkspaceDates();
  const key = eventKeys.approvals(workspaceId, event.id);
  const list = useQuery({ queryKey: key, queryFn: () => call(c.approvals, { params: { id: workspaceId, eventId: event.id } }) });
  const decide = useMutation({
    mutationFn: ({ registration, action }: Decision) => {
      const params = { id: workspaceId, eventId: event.id, registrationId: registration.id };
      return action === 'approve' ? call(c.approve, { params }) : call(c.decline, { params });
    },
    onSuccess: async (data, { registration, action }) => {
      client.setQueryData(key, data);
      await Promise.all([
        client.invalidateQueries({ queryKey: eventKeys.attendees(workspaceId, event.id) }),
        client.invalidateQueries({ queryKey: eventKeys.one(workspaceId, event.id) }),
      ]);
      const refund =
        action === 'decline' && registration.payment_status === 'paid'
          ? `Refund ${formatCents(registration.amount_paid_cents, registration.currency)} to ${registration.email}.`
          : undefined;
      toast({
        title: action === 'approve' ? `${registration.name} approved: their tickets are issued` : `${registration.name} declined`,
        // Mail to an address nobody has confirmed waits for its owner (the mail policy), so say when it goes.
        description:
          refund ??
          (action === 'approve'
            ? 'They are e-mailed at once to a confirmed address, otherwise once its owner confirms it.'
            : 'A short e-mail tells them, at once to a confirmed address, otherwise once its owner confirms it.'),
        variant: 'success',
      });
    },
    onError: (err, { registration, action }) =>
      toast({
        title: `${registration.name}'s registration could not be ${action === 'approve' ? 'approved' : 'declined'}`,
        description: serverMessage(err),
        variant: 'destructive',
      }),
  });
  const waiting = list.data?.registrations ?? [];
  if (!event.requires_approval && list.isSuccess && waiting.length === 0) return null;
  return (
    <Card aria-labelledby="approvals-title">
      <h2 id="approvals-title" className={w.sectionTitle}>
        Awaiting approval{list.isSuccess ? ` (${waiting.length})` : ''}
      </h2>
      {list.isPending ? (
        <Spinner label="Loading registrations awaiting approval" />
      ) : list.isError ? (
        <LoadError
          title="Registrations awaiting approval could not be loaded"
          message={serverMessage(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : waiting.length === 0 ? (
        <p className={w.muted}>No registration is waiting. New ones appear here; no ticket is issued until you approve it.</p>
      ) : (
        <ul className={s.plainList} aria-label="Registrations awaiting approval">
          {waiting.map((r) => {
            const busy = decide.isPending && decide.variables.registration.id === r.id;
            return (
              <li key={r.id} className={s.request}>
                <div className={s.requestWho}>
                  <strong>{r.name}</strong>
                  <span className={w.muted}>{r.email}</span>
                  <span>
                    {ticketsText(r)} · {r.payment_status === 'paid' ? `Paid ${formatCents(r.amount_paid_cents, r.currency)}` : 'Free'} ·
                    asked {dates.dateTime(r.created_at)}
                  </span>
                </div>
                <div className={s.requestActions}>
                  <Button
                    className={s.requestButton}
                    isPending={busy && decide.variables.action === 'approve'}
                    isDisabled={decide.isPending}
                    onPress={() => decide.mutate({ registration: r, action: 'approve' })}
                    aria-label={`Approve registration of ${r.name}`}
                  >
                    Approve
                  </Button>
                  <Button
                    className={s.requestButton}
                    variant="secondary"
                    isPending={busy && decide.variables.action === 'decline'}
                    isDisabled={decide.isPending}
                    onPress={() => decide.mutate({ registration: r, action: 'decline' })}
                    aria-label={`Decline registration of ${r.name}`}
                  >
                    Decline
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function AdmissionReport({ workspaceId, eventId }: { workspaceId: number; eventId: string }) {
  const dates = useWorkspaceDates();
  const report = useQuery({
    queryKey: eventKeys.report(workspaceId, eventId),
    queryFn: () => call(c.report, { params: { id: workspaceId, eventId } }),
  });
  if (report.isPending) return <Spinner label="Loading admissions" />;
  if (report.isError)
    return <LoadError title="Admissions could not be loaded" message={serverMessage(report.error)} onRetry={() => void report.refetch()} />;
  const { admitted, sold, doubles } = report.data;
  return (
    <Card aria-labelledby="admissions-title">
      <h2 id="admissions-title" className={w.sectionTitle}>
        Admissions: {admitted} of {sold}
      </h2>
      {doubles.length === 0 ? (
        <p className={w.muted}>No ticket was admitted twice.</p>
      ) : (
        <Notice tone="warning" title={doubles.length === 1 ? '1 ticket admitted twice' : `${doubles.length} tickets admitted twice`}>
          <ul className={w.list} aria-label="Double admits">
            {doubles.map((d) => (
              <li key={d.ticket_id}>
                <strong>
                  {d.holder || 'Unknown holder'} · {d.ticket_type}
                </strong>{' '}
                <span className={s.code}>{d.ticket_id}</span>
                <ul>
                  {d.admissions.map((a) => (
                    <li key={`${a.device_id}-${a.scanned_at}`}>
                      {a.device_name || a.device_id} at {dates.dateTime(a.scanned_at)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </Notice>
      )}
    </Card>
  );
}

function MessageAttendees({ workspaceId, eventId }: { workspaceId: number; eventId: string }) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(attendeeMessage, { subject: '', body: '' });
  const submit = form.handleSubmit(async (body) => {
    const done = await call(c.message, { params: { id: workspaceId, eventId }, body });
    toast({ title: done.message, variant: 'success' });
    form.reset();
    setOpen(false);
  });
  return (
    <Card aria-labelledby="message-title">
      <h2 id="message-title" className={w.sectionTitle}>
        E-mail attendees
      </h2>
      {open ? (
        <form className={w.dialogBody} onSubmit={submit} noValidate aria-label="E-mail attendees">
          <FormFailure lead="The message could not be sent" message={form.failure} />
          <TextField label="Subject" isRequired autoFocus {...form.field('subject')} />
          <TextField label="Message" isRequired multiline {...form.field('body')} />
          <FormActions submitLabel="Send to attendees" pending={form.submitting} onCancel={() => setOpen(false)} />
        </form>
      ) : (
        <Button variant="secondary" onPress={() => setOpen(true)}>
          Write a message
        </Button>
      )}
    </Card>
  );
}
