import { memo, useState } from 'react';
import { z } from 'zod';
import { text } from '../../../schema/kit/input';
import type { PosOrder } from '../../../schema/pos/pos';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import { EmptyState } from '../../ui/feedback';
import * as s from '../../ui/page.css';
import { formatCents } from '../../../schema/kit/money';
import * as p from './pos.css';
import { receiptLabel } from './receipt';
import { RefundForm, refundLeft, type RefundRequest } from './refund-dialog';
import { useWorkspaceDates } from '../../kit/date-format';
import { useZodForm } from '../../kit/forms/use-zod-form';

function itemCount(o: PosOrder): string {
  const n = o.items.reduce((a, it) => a + it.quantity, 0);
  return n === 1 ? '1 item' : `${n} items`;
}

const methodLabels = { cash: 'Cash', card: 'Card', eft: 'EFT', other: 'Other', split: 'Split' } as const;

/** Today's sales on this workspace, newest first. A voided sale stays listed, marked and struck through. */
export const SalesList = memo(function SalesList({
  orders,
  currency,
  onView,
  onVoid,
  onRefund,
}: {
  orders: PosOrder[];
  currency: string;
  onView: (order: PosOrder) => void;
  onVoid: (order: PosOrder, reason: string) => Promise<string | null>;
  onRefund: (order: PosOrder, request: RefundRequest) => Promise<string | null>;
}) {
  const [voiding, setVoiding] = useState<PosOrder | null>(null);
  const [refunding, setRefunding] = useState<PosOrder | null>(null);
  const dates = useWorkspaceDates();
  const sales = orders.filter((o) => o.kind === 'sale' && o.status === 'completed');
  const voids = new Map(orders.filter((o) => o.kind === 'void' && o.original_order_id).map((o) => [o.original_order_id, o]));
  const refundsOf = new Map<string, PosOrder[]>();
  for (const o of orders) {
    if (o.kind !== 'refund' || !o.original_order_id) continue;
    refundsOf.set(o.original_order_id, [...(refundsOf.get(o.original_order_id) ?? []), o]);
  }
  const refunded = [...refundsOf.values()].flat().reduce((a, o) => a + (o.total_cents ?? 0), 0);
  const taken = sales.filter((o) => !voids.has(o.id)).reduce((a, o) => a + (o.total_cents ?? 0), 0) - refunded;
  const money = (c: number) => formatCents(c, currency);

  return (
    <section className={s.stack} aria-labelledby="pos-today-title">
      <div>
        <h2 className={s.sectionTitle} id="pos-today-title">
          Today’s sales
        </h2>
        <p className={s.muted} role="status">
          {sales.length} {sales.length === 1 ? 'sale' : 'sales'}, {formatCents(taken, currency)} taken
          {voids.size > 0 ? `, ${voids.size} voided` : ''}
          {refunded > 0 ? `, ${money(refunded)} refunded` : ''}
        </p>
      </div>
      {sales.length === 0 ? (
        <EmptyState title="No sales yet today">
          <p className={s.muted}>Completed sales appear here, with their receipts.</p>
        </EmptyState>
      ) : (
        <ul className={s.list} aria-label="Today’s sales">
          {sales.map((o) => {
            const v = voids.get(o.id);
            const label = receiptLabel(o);
            const returns = refundsOf.get(o.id) ?? [];
            const left = refundLeft(o, returns).some((l) => l.left > 0);
            return (
              <li key={o.id} className={v ? `${p.sale} ${p.voided}` : p.sale} aria-label={label}>
                <div className={s.itemMain}>
                  <p className={s.itemName}>
                    <span className={v ? p.struck : ''}>{label}</span> {v ? <span className={s.badge.neutral}>Voided</span> : null}
                    {o.receipt_number === undefined ? <span className={s.badge.neutral}>Number pending</span> : null}
                  </p>
                  <p className={s.muted}>
                    {o.completed_at ? dates.time(o.completed_at) : ''} · {itemCount(o)} ·{' '}
                    {o.payment_method ? methodLabels[o.payment_method] : ''}
                    {v?.reason ? ` · Void: ${v.reason}` : ''}
                  </p>
                </div>
                <p className={`${p.price} ${v ? p.struck : ''}`}>{formatCents(o.total_cents ?? 0, currency)}</p>
                <div className={s.actionRow}>
                  <Button variant="secondary" onPress={() => onView(o)} aria-label={`View ${label}`}>
                    Receipt
                  </Button>
                  {v || !left ? null : (
                    <Button variant="secondary" onPress={() => setRefunding(o)} aria-label={`Refund ${label}`}>
                      Refund
                    </Button>
                  )}
                  {v || returns.length > 0 ? null : (
                    <Button variant="secondary" onPress={() => setVoiding(o)} aria-label={`Void ${label}`}>
                      Void
                    </Button>
                  )}
                </div>
                {returns.length > 0 ? (
                  <ul className={p.returns} aria-label={`Refunds of ${label}`}>
                    {returns.map((r) => (
                      <li key={r.id} className={p.returns}>
                        <span className={s.badge.neutral}>{left ? 'Part refunded' : 'Refunded'}</span>
                        <span className={s.muted}>
                          −{money(r.total_cents ?? 0)} · {r.reason}
                        </span>
                        <Button variant="ghost" onPress={() => onView(r)} aria-label={`View refund ${r.order_number ?? ''}`}>
                          Refund slip
                        </Button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <ModalDialog
        title={refunding ? `Refund ${receiptLabel(refunding)}` : 'Refund'}
        isOpen={refunding !== null}
        onOpenChange={(o) => !o && setRefunding(null)}
      >
        {refunding ? (
          <RefundForm
            sale={refunding}
            refunds={refundsOf.get(refunding.id) ?? []}
            currency={currency}
            onCancel={() => setRefunding(null)}
            onRefund={async (request) => {
              const failure = await onRefund(refunding, request);
              if (!failure) setRefunding(null);
              return failure;
            }}
          />
        ) : null}
      </ModalDialog>
      <ModalDialog
        title={voiding ? `Void ${receiptLabel(voiding)}?` : 'Void sale'}
        isOpen={voiding !== null}
        onOpenChange={(o) => !o && setVoiding(null)}
      >
        {voiding ? (
          <VoidForm order={voiding} currency={currency} onCancel={() => setVoiding(null)} onVoid={onVoid} onDone={() => setVoiding(null)} />
        ) : null}
      </ModalDialog>
    </section>
  );
});

/** The void's reason, within the stored field's own limit (schema/pos `reason`). */
const voidSchema = z.object({ reason: text(500).trim().min(1, 'Give a reason for the void') });

function VoidForm({
  order,
  currency,
  onCancel,
  onVoid,
  onDone,
}: {
  order: PosOrder;
  currency: string;
  onCancel: () => void;
  onVoid: (order: PosOrder, reason: string) => Promise<string | null>;
  onDone: () => void;
}) {
  const form = useZodForm(voidSchema, { reason: '' });
  const cash = order.payments.some((pay) => pay.method === 'cash');
  // A void the device refuses is said on the reason field.
  const submit = form.handleChecked(async ({ reason }) => {
    const failure = await onVoid(order, reason);
    if (failure) return { reason: failure };
    onDone();
    return null;
  });

  return (
    <form className={s.dialogBody} noValidate onSubmit={submit}>
      <p className={s.muted}>
        The sale of {formatCents(order.total_cents ?? 0, currency)} stays on record, marked voided, and its items go back into stock.
        {cash ? ' Give the customer their cash back.' : ''}
      </p>
      <TextField label="Reason" {...form.field('reason')} autoFocus />
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onCancel}>
          Keep sale
        </Button>
        <Button variant="danger" type="submit" isDisabled={form.submitting}>
          Void sale
        </Button>
      </div>
    </form>
  );
}
