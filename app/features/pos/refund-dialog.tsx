import { useMemo } from 'react';
import { z } from 'zod';
import { Button as AriaButton, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { text } from '../../../schema/kit/input';
import type { PosOrder } from '../../../schema/pos/pos';
import { refundable, refundMessages, refundWithVat } from '../../../schema/pos/pos-refunds';
import { formatCents } from '../../../schema/kit/money';
import { Button } from '../../ui/button';
import { FormFailure } from '../../ui/form-actions';
import { TextField } from '../../ui/text-field';
import * as s from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import * as p from './pos.css';
import type { RefundMethod } from './sale';

const methods: ReadonlyArray<{ id: RefundMethod; label: string }> = [
  { id: 'cash', label: 'Cash' },
  { id: 'card', label: 'Card' },
  { id: 'eft', label: 'EFT' },
];

const refundSchema = z.object({
  reason: text(500).trim().min(1, refundMessages.reason),
  method: z.enum(['cash', 'card', 'eft']),
  quantities: z.record(z.string(), z.number().int().min(0)).refine((q) => Object.values(q).some((n) => n > 0), refundMessages.noLines),
});

export interface RefundRequest {
  lines: ReadonlyMap<string, number>;
  reason: string;
  method: RefundMethod;
}

/** How much of each line is still refundable, after this sale's earlier refunds. */
export function refundLeft(sale: PosOrder, refunds: readonly PosOrder[]) {
  return refundable(sale, refunds).map((l) => ({ ...l, left: l.sold_quantity - l.refunded_quantity }));
}

/**
 * Refund some or all of a sale's lines: how many of each go back (up to what is left after earlier
 * refunds), how the money goes back, and why. The amount shown is what the till will give back.
 */
export function RefundForm({
  sale,
  refunds,
  currency,
  onCancel,
  onRefund,
}: {
  sale: PosOrder;
  refunds: readonly PosOrder[];
  currency: string;
  onCancel: () => void;
  /** Resolves to an error message, or null once the refund is recorded. */
  onRefund: (request: RefundRequest) => Promise<string | null>;
}) {
  const lines = useMemo(() => refundLeft(sale, refunds), [sale, refunds]);
  const single = sale.payments.length === 1 ? sale.payments[0]?.method : undefined;
  const form = useZodForm(refundSchema, {
    reason: '',
    method: (single === 'card' || single === 'eft' ? single : 'cash') as RefundMethod,
    quantities: Object.fromEntries(lines.map((l) => [l.product_id, 0])) as Record<string, number>,
  });
  const money = (c: number) => formatCents(c, currency);
  const backFor = (l: (typeof lines)[number], q: number) => refundWithVat(l, q, sale.prices_include_vat);
  const back = lines.reduce((sum, l) => sum + backFor(l, form.values.quantities[l.product_id] ?? 0), 0);
  const setQty = (id: string, q: number, left: number) =>
    form.set('quantities', { ...form.values.quantities, [id]: Math.max(0, Math.min(left, q)) });

  const submit = form.handleSubmit(async (v) => {
    const failure = await onRefund({ lines: new Map(Object.entries(v.quantities)), reason: v.reason, method: v.method });
    if (failure) throw new Error(failure);
  });

  return (
    <form className={s.dialogBody} noValidate onSubmit={submit} aria-label="Refund">
      <ul className={p.lines} aria-label="Items to refund">
        {lines.map((l) => {
          const q = form.values.quantities[l.product_id] ?? 0;
          return (
            <li key={l.product_id} className={p.line} aria-label={l.line.name}>
              <p className={p.lineName}>{l.line.name}</p>
              <p className={p.lineAmount}>{money(backFor(l, q))}</p>
              <div className={p.stepper}>
                <AriaButton
                  className={p.stepButton}
                  isDisabled={q <= 0}
                  onPress={() => setQty(l.product_id, q - 1, l.left)}
                  aria-label={`Refund one less ${l.line.name}`}
                >
                  −
                </AriaButton>
                <span className={p.qty} aria-label={`Refund quantity of ${l.line.name}`}>
                  {q}
                </span>
                <AriaButton
                  className={p.stepButton}
                  isDisabled={q >= l.left}
                  onPress={() => setQty(l.product_id, q + 1, l.left)}
                  aria-label={`Refund one more ${l.line.name}`}
                >
                  +
                </AriaButton>
                <span className={`${s.muted} ${p.grow}`}>
                  of {l.left} left{l.refunded_quantity > 0 ? ` (${l.refunded_quantity} refunded)` : ''}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      {form.errors.quantities ? (
        <p className={p.fieldError} role="alert">
          {form.errors.quantities}
        </p>
      ) : null}
      <ToggleButtonGroup
        aria-label="Give the money back by"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[form.values.method]}
        onSelectionChange={(keys) => {
          const next = methods.find((m) => keys.has(m.id));
          if (next) form.set('method', next.id);
        }}
        className={p.refundMethods}
      >
        {methods.map((m) => (
          <ToggleButton key={m.id} id={m.id} className={p.method}>
            {m.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField label="Reason" {...form.field('reason')} />
      <div className={`${p.sum} ${p.grand}`}>
        <span>Refund</span>
        <span className={p.sumValue} data-testid="refund-total">
          {money(back)}
        </span>
      </div>
      <FormFailure lead="Could not refund" message={form.failure} />
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" type="submit" isDisabled={form.submitting}>
          Refund {money(back)}
        </Button>
      </div>
    </form>
  );
}
