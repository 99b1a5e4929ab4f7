import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { isoDate, type Invoice, type Quote } from '../../../schema/invoices';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import { LinkButton } from '../../routes/link-button';
import * as w from '../../ui/page.css';
import { changeInvoice, changeQuote, convertQuote } from './document-actions';
import { todayIso } from './document-status';
import { useZodForm } from '../forms/use-zod-form';

/** Runs a device write and reports the outcome as a toast; the write works offline. */
async function run(action: () => Promise<unknown>, done: string) {
  try {
    await action();
    toast({ title: done, variant: 'success' });
  } catch (err) {
    toast({ title: 'Could not save', description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
  }
}

export function InvoiceActions({ data, invoice }: { data: UserData; invoice: Invoice }) {
  const [paying, setPaying] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  if (invoice.status === 'paid' || invoice.status === 'cancelled') return null;
  return (
    <>
      {invoice.status === 'draft' ? (
        // A customer should never receive an invoice without its number.
        <Button
          isDisabled={invoice.invoice_number === undefined}
          onPress={() => void run(() => changeInvoice(data, invoice.id, () => ({ status: 'sent' })), 'Invoice marked as sent')}
        >
          Mark as sent
        </Button>
      ) : null}
      <Button variant={invoice.status === 'sent' ? 'primary' : 'secondary'} onPress={() => setPaying(true)}>
        Record payment
      </Button>
      <Button variant="ghost" onPress={() => setCancelling(true)}>
        Cancel invoice
      </Button>
      <PaymentDialog data={data} invoice={invoice} isOpen={paying} onClose={() => setPaying(false)} />
      <ModalDialog title="Cancel this invoice?" isOpen={cancelling} onOpenChange={setCancelling}>
        <div className={w.dialogBody}>
          <p className={w.muted}>A cancelled invoice keeps its number but can no longer be changed or paid.</p>
          <div className={w.formActions}>
            <Button variant="secondary" onPress={() => setCancelling(false)} autoFocus>
              Keep it
            </Button>
            <Button
              variant="danger"
              onPress={() => {
                setCancelling(false);
                void run(() => changeInvoice(data, invoice.id, () => ({ status: 'cancelled' })), 'Invoice cancelled');
              }}
            >
              Cancel invoice
            </Button>
          </div>
        </div>
      </ModalDialog>
    </>
  );
}

/** When the payment arrived: a real date, not before the invoice was issued. */
function paymentSchema(issueDate: string) {
  return z.object({
    date: z
      .string()
      .refine((d) => isoDate.safeParse(d).success, 'Payment date must be a date')
      .refine((d) => d >= issueDate, 'Payment date cannot be before the issue date'),
  });
}

function PaymentDialog({ data, invoice, isOpen, onClose }: { data: UserData; invoice: Invoice; isOpen: boolean; onClose: () => void }) {
  const form = useZodForm(
    useMemo(() => paymentSchema(invoice.issue_date), [invoice.issue_date]),
    { date: todayIso() },
  );
  const submit = form.handleSubmit(({ date }) => {
    onClose();
    void run(() => changeInvoice(data, invoice.id, () => ({ status: 'paid', paid_date: date })), 'Payment recorded');
  });
  return (
    <ModalDialog title="Record payment" isOpen={isOpen} onOpenChange={(open) => (open ? undefined : onClose())}>
      <form className={w.dialogBody} noValidate onSubmit={submit}>
        <p className={w.muted}>Marks the invoice as paid in full. A paid invoice can no longer be changed.</p>
        <TextField label="Payment date" type="date" {...form.field('date')} autoFocus />
        <div className={w.formActions}>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit">Mark as paid</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function QuoteActions({ data, quote, workspaceId }: { data: UserData; quote: Quote; workspaceId: number }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (quote.converted_to_invoice_id) {
    return (
      <LinkButton to="/workspace/$workspaceId/invoices/$documentId" params={{ workspaceId, documentId: quote.converted_to_invoice_id }}>
        Open the invoice
      </LinkButton>
    );
  }
  if (quote.status === 'declined') return null;
  const open = quote.status === 'draft' || quote.status === 'sent';
  return (
    <>
      {quote.status === 'draft' ? (
        <Button
          variant="secondary"
          isDisabled={quote.quote_number === undefined}
          onPress={() => void run(() => changeQuote(data, quote.id, () => ({ status: 'sent' })), 'Quote marked as sent')}
        >
          Mark as sent
        </Button>
      ) : null}
      {open ? (
        <>
          <Button
            variant="secondary"
            onPress={() => void run(() => changeQuote(data, quote.id, () => ({ status: 'accepted' })), 'Quote accepted')}
          >
            Accept
          </Button>
          <Button
            variant="ghost"
            onPress={() => void run(() => changeQuote(data, quote.id, () => ({ status: 'declined' })), 'Quote declined')}
          >
            Decline
          </Button>
        </>
      ) : null}
      {quote.status === 'accepted' ? (
        <Button
          isPending={busy}
          onPress={() => {
            setBusy(true);
            convertQuote(data, quote).then(
              async (created) => {
                toast({
                  title: created.number ? `Invoice ${created.number} created from the quote` : 'Invoice created without a number',
                  description: created.number ? undefined : 'It gets its number as soon as this device can reserve more numbers online.',
                  variant: 'success',
                });
                await navigate({ to: '/workspace/$workspaceId/invoices/$documentId', params: { workspaceId, documentId: created.id } });
              },
              (err: unknown) => {
                setBusy(false);
                toast({
                  title: 'Could not convert',
                  description: err instanceof Error ? err.message : String(err),
                  variant: 'destructive',
                });
              },
            );
          }}
        >
          Convert to invoice
        </Button>
      ) : null}
    </>
  );
}
