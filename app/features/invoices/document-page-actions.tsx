import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { balanceDueCents, withPayment } from '../../../schema/invoices/invoice-payments';
import {
  isoDate,
  paymentMessages,
  paymentMethod,
  paymentMethodLabels,
  type Invoice,
  type InvoicePayment,
  type PaymentMethod,
  type Quote,
} from '../../../schema/invoices/invoices';
import { centsToInput, formatCents, parseCents } from '../../../schema/kit/money';
import { SelectField } from '../../ui/form-controls';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import { DateField } from '../../ui/date-fields';
import { toast } from '../../ui/toast-store';
import { LinkButton } from '../../routes/link-button';
import * as w from '../../ui/page.css';
import { changeInvoice, changeQuote, convertQuote } from './document-actions';
import { useWorkspaceDates } from '../../kit/date-format';
import { useZodForm } from '../../kit/forms/use-zod-form';

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
      {invoice.status !== 'draft' ? (
        <Button variant="primary" onPress={() => setPaying(true)}>
          Record payment
        </Button>
      ) : null}
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

/** A payment as typed: amount in the document's currency, when, how, and the bank's or till's reference. */
function paymentSchema(issueDate: string, balance: number, currency: string) {
  return z.object({
    amount: z.string().transform((typed, ctx) => {
      const parsed = parseCents(typed, 'Amount');
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }
      if (parsed.cents === undefined || parsed.cents <= 0) {
        ctx.addIssue({ code: 'custom', message: paymentMessages.amount });
        return z.NEVER;
      }
      if (parsed.cents > balance) {
        ctx.addIssue({ code: 'custom', message: `${paymentMessages.overpaid} The balance due is ${formatCents(balance, currency)}.` });
        return z.NEVER;
      }
      return parsed.cents;
    }),
    date: z
      .string()
      .refine((d) => isoDate.safeParse(d).success, paymentMessages.date)
      .refine((d) => d >= issueDate, paymentMessages.beforeIssue),
    method: paymentMethod,
    reference: z.string().trim().max(255),
  });
}

const methodOptions = (['eft', 'cash', 'card', 'other'] as const).map((value) => ({ value, label: paymentMethodLabels[value] }));

function PaymentDialog({ data, invoice, isOpen, onClose }: { data: UserData; invoice: Invoice; isOpen: boolean; onClose: () => void }) {
  const balance = balanceDueCents(invoice);
  // Today in the workspace's own time zone, as the invoice's issue date was written.
  const today = useWorkspaceDates().today();
  const form = useZodForm(
    useMemo(() => paymentSchema(invoice.issue_date, balance, invoice.currency), [invoice.issue_date, balance, invoice.currency]),
    { amount: centsToInput(balance), date: today, method: 'eft' as PaymentMethod, reference: '' },
  );
  const submit = form.handleSubmit(({ amount, date, method, reference }) => {
    onClose();
    const payment: InvoicePayment = { id: crypto.randomUUID(), amount_cents: amount, date, method, ...(reference ? { reference } : {}) };
    void run(() => changeInvoice(data, invoice.id, (old) => withPayment(old, payment)), 'Payment recorded');
  });
  return (
    <ModalDialog title="Record payment" isOpen={isOpen} onOpenChange={(open) => (open ? undefined : onClose())}>
      <form className={w.dialogBody} noValidate onSubmit={submit} aria-label="Record payment">
        <p className={w.muted} data-testid="balance-before-payment">
          Balance due: {formatCents(balance, invoice.currency)}
        </p>
        <TextField label="Amount" inputMode="decimal" {...form.field('amount')} autoFocus />
        <DateField label="Payment date" {...form.field('date')} />
        <SelectField
          label="Method"
          name="method"
          value={form.values.method}
          options={methodOptions}
          onChange={(v) => form.set('method', v)}
          error={form.errors.method}
        />
        <TextField label="Reference" description="The bank's or till's reference, if any" {...form.field('reference')} />
        <div className={w.formActions}>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit">Record payment</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function QuoteActions({ data, quote, workspaceId }: { data: UserData; quote: Quote; workspaceId: number }) {
  const dates = useWorkspaceDates();
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
            convertQuote(data, quote, dates.today()).then(
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
