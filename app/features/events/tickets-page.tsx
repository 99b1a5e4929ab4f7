import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { eventsContract as c } from '../../../schema/events/contract';
import { ticketTypeInput, type EventDetail, type TicketTypeDto } from '../../../schema/events/events';
import { centsToInput, formatCents, parseCents } from '../../../schema/kit/money';
import { call } from '../../data/api';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/feedback';
import { FormActions, FormFailure } from '../../ui/form-actions';
import { ModalDialog } from '../../ui/modal-dialog';
import * as w from '../../ui/page.css';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { EventNav, WithEvent } from './event-nav';
import { eventKeys } from './use-events';

const route = getRouteApi('/protected/workspace/$workspaceId/events/$eventId/tickets');

/** /workspace/{id}/events/{event_id}/tickets: ticket types with price, quantity, sold and sale window. */
export function TicketsPage() {
  const { workspaceId, eventId } = route.useParams();
  return (
    <section className={w.page} aria-labelledby="tickets-title">
      <WithEvent workspaceId={workspaceId} eventId={eventId}>
        {(event) => <TicketTypes workspaceId={workspaceId} event={event} />}
      </WithEvent>
    </section>
  );
}

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; type: TicketTypeDto };

function TicketTypes({ workspaceId, event }: { workspaceId: number; event: EventDetail }) {
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const money = (cents: number, currency: string) => (cents === 0 ? 'Free' : formatCents(cents, currency));
  return (
    <>
      <div className={w.pageHeader}>
        <h1 id="tickets-title" className={w.title}>
          Tickets · {event.title}
        </h1>
        <Button onPress={() => setEditing({ kind: 'new' })}>Add ticket type</Button>
      </div>
      <EventNav workspaceId={workspaceId} eventId={event.id} />
      {event.ticket_types.length === 0 ? (
        <EmptyState title="No ticket types yet">
          <p className={w.muted}>Add at least one (a free one registers people directly) before you publish.</p>
        </EmptyState>
      ) : (
        <ul className={w.list} aria-label="Ticket types">
          {event.ticket_types.map((t) => (
            <li key={t.id} className={w.listItem}>
              <div className={w.itemMain}>
                <h2 className={w.itemName}>{t.name}</h2>
                <p className={w.muted}>
                  {money(t.price_cents, t.currency)} · {t.sold} of {t.quantity} sold
                </p>
                <p className={w.muted}>
                  {t.sale_starts || t.sale_ends
                    ? `On sale ${t.sale_starts ? `from ${t.sale_starts.replace('T', ' ')}` : ''}${t.sale_ends ? ` until ${t.sale_ends.replace('T', ' ')}` : ''}`
                    : 'On sale while the event is published'}
                </p>
              </div>
              <Button variant="secondary" onPress={() => setEditing({ kind: 'edit', type: t })} aria-label={`Edit ${t.name}`}>
                Edit
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Card>
        <p className={w.muted}>
          Sold counts include seats held by a card checkout under way; a checkout left unpaid for 30 minutes gives them back.
        </p>
      </Card>
      {editing.kind !== 'none' ? (
        <TicketTypeDialog
          workspaceId={workspaceId}
          eventId={event.id}
          type={editing.kind === 'edit' ? editing.type : undefined}
          onClose={() => setEditing({ kind: 'none' })}
        />
      ) : null}
    </>
  );
}

function TicketTypeDialog({
  workspaceId,
  eventId,
  type,
  onClose,
}: {
  workspaceId: number;
  eventId: string;
  type?: TicketTypeDto;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const form = useZodForm(
    ticketTypeInput,
    {
      name: type?.name ?? '',
      price: type ? centsToInput(type.price_cents) : '',
      quantity: type ? String(type.quantity) : '',
      sale_starts: type?.sale_starts ?? '',
      sale_ends: type?.sale_ends ?? '',
    },
    {
      toInput: (v) => {
        const price = parseCents(v.price, 'Price');
        return {
          name: v.name,
          price_cents: price.ok ? (price.cents ?? 0) : -1,
          quantity: v.quantity.trim() === '' ? undefined : Number(v.quantity),
          sale_starts: v.sale_starts,
          sale_ends: v.sale_ends,
        };
      },
      also: (v) => {
        const price = parseCents(v.price, 'Price');
        return price.ok ? {} : { price: price.message };
      },
    },
  );
  const submit = form.handleSubmit(async (body) => {
    const params = { id: workspaceId, eventId };
    const updated = type
      ? await call(c.updateTicketType, { params: { ...params, typeId: type.id }, body })
      : await call(c.addTicketType, { params, body });
    client.setQueryData(eventKeys.one(workspaceId, eventId), updated);
    toast({ title: type ? 'Ticket type saved' : 'Ticket type added', variant: 'success' });
    onClose();
  });
  const priceError = form.errors.price ?? form.errors.price_cents;
  return (
    <ModalDialog title={type ? `Edit ${type.name}` : 'New ticket type'} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <form className={w.dialogBody} onSubmit={submit} noValidate aria-label={type ? 'Edit ticket type' : 'New ticket type'}>
        <FormFailure lead="The ticket type could not be saved" message={form.failure} />
        <TextField label="Name" isRequired autoFocus {...form.field('name')} />
        <div className={w.twoColumns}>
          <TextField label="Price (R)" description="0 or empty: free" inputMode="decimal" {...form.field('price')} error={priceError} />
          <TextField label="Quantity" isRequired inputMode="numeric" {...form.field('quantity')} />
        </div>
        <div className={w.twoColumns}>
          <TextField label="Sale starts" placeholder="2026-11-01T09:00" description="Optional, venue time" {...form.field('sale_starts')} />
          <TextField label="Sale ends" placeholder="2026-12-24T17:00" description="Optional, venue time" {...form.field('sale_ends')} />
        </div>
        <FormActions submitLabel={type ? 'Save' : 'Add ticket type'} pending={form.submitting} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}
