import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { z } from 'zod';
import type { PosOrder } from '../../../schema/pos/pos';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { cashChange, quickCashAmounts } from '../../../schema/pos/pos-totals';
import { Button } from '../../ui/button';
import { FormFailure } from '../../ui/form-actions';
import { DialogPanel, ModalFrame } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import * as s from '../../ui/page.css';
import { centsToInput, formatCents, parseCents } from '../../../schema/kit/money';
import * as p from './pos.css';
import { paymentsFor, splitMessages, type Built, type Tender } from './sale';
import { failureMessage, useZodForm } from '../../kit/forms/use-zod-form';

type Method = 'cash' | 'card' | 'eft' | 'split';
const methods: ReadonlyArray<{ id: Method; label: string }> = [
  { id: 'cash', label: 'Cash' },
  { id: 'card', label: 'Card' },
  { id: 'eft', label: 'EFT' },
  { id: 'split', label: 'Split' },
];

/**
 * What a payment needs: for cash, an amount received that covers the total (the change is shown as it
 * is typed); card and EFT need nothing more; a split takes card and EFT amounts as typed and the cash
 * received for the rest.
 */
export function paymentSchema(totalCents: number) {
  return z
    .object({ method: z.enum(['cash', 'card', 'eft', 'split']), tendered: z.string(), card: z.string(), eft: z.string() })
    .transform((v, ctx): Tender => {
      if (v.method === 'card' || v.method === 'eft') return { method: v.method };
      const refuse = (message: string, path: string) => {
        ctx.addIssue({ code: 'custom', message, path: [path] });
        return z.NEVER;
      };
      const tendered = parseCents(v.tendered, 'Cash received');
      if (!tendered.ok) return refuse(tendered.message, 'tendered');
      if (v.method === 'cash') {
        if (tendered.cents === undefined) return refuse('Enter the cash received', 'tendered');
        const cash = cashChange(totalCents, tendered.cents);
        if (!cash.ok) return refuse(cash.message, 'tendered');
        return { method: 'cash', tenderedCents: tendered.cents };
      }
      const card = parseCents(v.card, 'Card amount');
      if (!card.ok) return refuse(card.message, 'card');
      const eft = parseCents(v.eft, 'EFT amount');
      if (!eft.ok) return refuse(eft.message, 'eft');
      const tender: Tender = { method: 'split', cardCents: card.cents ?? 0, eftCents: eft.cents ?? 0, tenderedCents: tendered.cents ?? 0 };
      const check = paymentsFor(totalCents, tender);
      if (!check.ok) return refuse(check.message, check.message === splitMessages.overTotal ? 'card' : 'tendered');
      return tender;
    });
}

/** A split's cash part as typed so far: what cash is due, and the change, for the live preview. */
export function splitPreview(totalCents: number, values: { card: string; eft: string; tendered: string }) {
  const card = parseCents(values.card, 'Card amount');
  const eft = parseCents(values.eft, 'EFT amount');
  const tendered = parseCents(values.tendered, 'Cash received');
  if (!card.ok || !eft.ok) return null;
  const cashDue = totalCents - (card.cents ?? 0) - (eft.cents ?? 0);
  if (cashDue < 0) return null;
  const change = tendered.ok && tendered.cents !== undefined && tendered.cents >= cashDue ? tendered.cents - cashDue : null;
  return { cashDue, change };
}

/**
 * "Charge": how the customer pays (cash shows the change and refuses less than the total), then, in
 * the same dialog, the receipt and "New sale".
 */
export function CheckoutDialog({
  isOpen,
  onClose,
  ...checkout
}: {
  isOpen: boolean;
  totalCents: number;
  currency: string;
  /** The receipt of the sale just completed. */
  receiptOf: (order: PosOrder) => ReactNode;
  /** `completed`: the dialog closes after a completed sale ("New sale", Escape), not on "Back to sale". */
  onClose: (completed: boolean) => void;
  /** Resolves to the completed sale, or a message saying why it was not completed. */
  onConfirm: (tender: Tender) => Promise<Built<PosOrder>>;
}) {
  // Whether the sale went through, for a close by Escape or a tap outside as much as by "New sale".
  const completed = useRef(false);
  const close = () => {
    const done = completed.current;
    completed.current = false;
    onClose(done);
  };
  return (
    <ModalFrame isOpen={isOpen} onOpenChange={(open) => !open && close()}>
      {isOpen ? <Checkout {...checkout} onCompleted={() => (completed.current = true)} onClose={close} /> : null}
    </ModalFrame>
  );
}

/**
 * The payment form, then the receipt. It holds the sale it completed itself, so showing the receipt
 * re-renders this panel alone: not the till behind it, nor the overlay around it.
 */
function Checkout({
  totalCents,
  currency,
  receiptOf,
  onConfirm,
  onCompleted,
  onClose,
}: {
  totalCents: number;
  currency: string;
  receiptOf: (order: PosOrder) => ReactNode;
  onConfirm: (tender: Tender) => Promise<Built<PosOrder>>;
  onCompleted: () => void;
  onClose: () => void;
}) {
  const [completed, setCompleted] = useState<PosOrder | null>(null);
  const confirm = async (tender: Tender): Promise<string | null> => {
    const result = await onConfirm(tender);
    if (!result.ok) return result.message;
    onCompleted();
    // The sale is saved: its receipt goes into the page now, ahead of the till's own updates.
    flushSync(() => setCompleted(result.value));
    return null;
  };
  return (
    <DialogPanel title={completed ? 'Sale complete' : 'Take payment'}>
      {completed ? (
        <div className={s.dialogBody}>
          {receiptOf(completed)}
          <Button wide onPress={onClose} autoFocus>
            New sale
          </Button>
        </div>
      ) : (
        <PaymentForm totalCents={totalCents} currency={currency} onClose={onClose} onConfirm={confirm} />
      )}
    </DialogPanel>
  );
}

function PaymentForm({
  totalCents,
  currency,
  onClose,
  onConfirm,
}: {
  totalCents: number;
  currency: string;
  onClose: () => void;
  onConfirm: (tender: Tender) => Promise<string | null>;
}) {
  const schema = useMemo(() => paymentSchema(totalCents), [totalCents]);
  const form = useZodForm(schema, { method: 'cash' as Method, tendered: '', card: '', eft: '' });
  const { method, tendered } = form.values;
  const split = method === 'split' ? splitPreview(totalCents, form.values) : null;
  const money = (c: number) => formatCents(c, currency);

  const parsed = parseCents(tendered, 'Cash received');
  const preview = parsed.ok && parsed.cents !== undefined ? cashChange(totalCents, parsed.cents) : null;

  const writing = useRef(false);
  /**
   * A valid payment goes straight to the sale, with no re-render of the form before it: the page has
   * nothing new to draw while the sale is written, and the receipt takes the form's place once it is.
   * A second press meanwhile is ignored. An invalid payment takes the form's usual path (messages on
   * the fields, focus on the first); so does a sale the device refuses (no receipt numbers left, …),
   * said above the buttons, in words.
   */
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (writing.current) return;
    const tender = schema.safeParse(form.values);
    if (!tender.success) return form.handleSubmit(() => undefined)(e);
    writing.current = true;
    void onConfirm(tender.data)
      .catch((err: unknown) => failureMessage(err))
      .then((refusal) => {
        writing.current = false;
        if (refusal) refuse(refusal);
      });
  };
  const refuse = (message: string) =>
    form.handleSubmit(() => {
      throw new Error(message);
    })();

  return (
    <form className={s.dialogBody} onSubmit={submit} noValidate aria-label="Payment">
      <div>
        <p className={s.muted}>Total due</p>
        <p className={p.due} data-testid="amount-due">
          {money(totalCents)}
        </p>
      </div>
      <ToggleButtonGroup
        aria-label="Payment method"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[method]}
        onSelectionChange={(keys) => {
          const next = methods.find((m) => keys.has(m.id));
          if (next) form.set('method', next.id);
        }}
        className={p.methods}
      >
        {methods.map((m) => (
          <ToggleButton key={m.id} id={m.id} className={p.method}>
            {m.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {method === 'cash' ? (
        <>
          <TextField
            label="Cash received"
            {...form.field('tendered')}
            inputMode="decimal"
            placeholder={centsToInput(totalCents)}
            autoFocus
          />
          <div className={p.quick} role="group" aria-label="Quick amounts">
            {quickCashAmounts(totalCents).map((c, i) => (
              <Button key={c} variant="secondary" onPress={() => form.set('tendered', centsToInput(c))}>
                {i === 0 ? `Exact ${money(c)}` : money(c)}
              </Button>
            ))}
          </div>
          <p className={p.change} aria-live="polite" data-testid="change-preview">
            {preview?.ok ? `Change: ${money(preview.change_cents)}` : ' '}
          </p>
        </>
      ) : method === 'split' ? (
        <>
          <div className={p.splitFields}>
            <TextField label="Card amount" {...form.field('card')} inputMode="decimal" placeholder="0.00" autoFocus />
            <TextField label="EFT amount" {...form.field('eft')} inputMode="decimal" placeholder="0.00" />
          </div>
          <p className={s.muted} data-testid="split-cash-due">
            {split ? `Cash due: ${money(split.cashDue)}` : ' '}
          </p>
          <TextField
            label="Cash received"
            {...form.field('tendered')}
            inputMode="decimal"
            placeholder={split ? centsToInput(split.cashDue) : ''}
            isDisabled={split?.cashDue === 0}
          />
          <p className={p.change} aria-live="polite" data-testid="change-preview">
            {split?.change !== null && split?.change !== undefined && split.cashDue > 0 ? `Change: ${money(split.change)}` : ' '}
          </p>
        </>
      ) : (
        <p className={s.muted}>
          {method === 'card'
            ? 'Take the card payment on your card machine, then complete the sale.'
            : 'Check the transfer has arrived, then complete the sale.'}
        </p>
      )}
      <FormFailure lead="Could not complete the sale" message={form.failure} />
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onClose}>
          Back to sale
        </Button>
        <Button type="submit" isDisabled={form.submitting}>
          Complete sale
        </Button>
      </div>
    </form>
  );
}
