import { useMemo, type ReactNode } from 'react';
import { z } from 'zod';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { cashChange, quickCashAmounts } from '../../../schema/pos-totals';
import { Button } from '../../ui/button';
import { FormFailure } from '../../ui/form-actions';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import * as s from '../../ui/page.css';
import { centsToInput, formatCents, parseCents } from '../../../schema/money';
import * as p from './pos.css';
import type { Tender } from './sale';
import { useZodForm } from '../forms/use-zod-form';

type Method = Tender['method'];
const methods: ReadonlyArray<{ id: Exclude<Method, 'other'>; label: string }> = [
  { id: 'cash', label: 'Cash' },
  { id: 'card', label: 'Card' },
  { id: 'eft', label: 'EFT' },
];

/**
 * What a payment needs: for cash, an amount received that covers the total (the change is shown as it
 * is typed); card and EFT need nothing more.
 */
export function paymentSchema(totalCents: number) {
  return z.object({ method: z.enum(['cash', 'card', 'eft']), tendered: z.string() }).transform((v, ctx): Tender => {
    if (v.method !== 'cash') return { method: v.method };
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message, path: ['tendered'] });
      return z.NEVER;
    };
    const parsed = parseCents(v.tendered, 'Cash received');
    if (!parsed.ok) return refuse(parsed.message);
    if (parsed.cents === undefined) return refuse('Enter the cash received');
    const cash = cashChange(totalCents, parsed.cents);
    if (!cash.ok) return refuse(cash.message);
    return { method: 'cash', tenderedCents: parsed.cents };
  });
}

/**
 * "Charge": how the customer pays (cash shows the change and refuses less than the total), then, in
 * the same dialog, the receipt and "New sale".
 */
export function CheckoutDialog({
  isOpen,
  totalCents,
  currency,
  completed,
  receipt,
  onClose,
  onConfirm,
}: {
  isOpen: boolean;
  totalCents: number;
  currency: string;
  /** The sale just completed: the dialog shows its receipt. */
  completed: boolean;
  receipt: ReactNode;
  onClose: () => void;
  /** Resolves to an error message, or null once the sale is complete. */
  onConfirm: (tender: Tender) => Promise<string | null>;
}) {
  return (
    <ModalDialog title={completed ? 'Sale complete' : 'Take payment'} isOpen={isOpen} onOpenChange={(o) => !o && onClose()}>
      {!isOpen ? null : completed ? (
        <div className={s.dialogBody}>
          {receipt}
          <Button wide onPress={onClose} autoFocus>
            New sale
          </Button>
        </div>
      ) : (
        <PaymentForm totalCents={totalCents} currency={currency} onClose={onClose} onConfirm={onConfirm} />
      )}
    </ModalDialog>
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
  const form = useZodForm(
    useMemo(() => paymentSchema(totalCents), [totalCents]),
    { method: 'cash' as Method, tendered: '' },
  );
  const { method, tendered } = form.values;
  const money = (c: number) => formatCents(c, currency);

  const parsed = parseCents(tendered, 'Cash received');
  const preview = parsed.ok && parsed.cents !== undefined ? cashChange(totalCents, parsed.cents) : null;

  // A sale the device refuses (no receipt numbers left, …) is said above the buttons, in words.
  const submit = form.handleSubmit(async (tender) => {
    const result = await onConfirm(tender);
    if (result) throw new Error(result);
  });

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
