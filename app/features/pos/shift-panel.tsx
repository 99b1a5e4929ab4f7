import { memo, useState } from 'react';
import { z } from 'zod';
import type { PosOrder, PosShift } from '../../../schema/pos/pos';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import * as s from '../../ui/page.css';
import { formatCents, parseCents } from '../../../schema/kit/money';
import * as p from './pos.css';
import { expectedCash } from './sale';
import { useWorkspaceDates } from '../../kit/date-format';
import { moneyField, requiredMoney } from '../../kit/forms/money-field';
import { ZReportView } from './z-report-view';
import { useZodForm } from '../../kit/forms/use-zod-form';
import type { ReceiptNumbersInHand } from './use-pos';

/** Open a shift with a float; close it by counting the drawer against what should be there. */
export const ShiftBar = memo(function ShiftBar({
  shift,
  shiftOrders,
  currency,
  business,
  receiptNumbers,
  onOpen,
  onClose,
}: {
  shift: PosShift | null;
  shiftOrders: PosOrder[];
  currency: string;
  business: string;
  receiptNumbers: ReceiptNumbersInHand | null;
  onOpen: (floatCents: number) => Promise<string | null>;
  /** Resolves to why the shift could not close, or to the closed shift. */
  onClose: (shift: PosShift, countedCents: number, expectedCents: number) => Promise<string | PosShift>;
}) {
  const [dialog, setDialog] = useState<'open' | 'close' | null>(null);
  // The Z-report of the shift just closed, with the records it covered.
  const [report, setReport] = useState<{ shift: PosShift; orders: PosOrder[] } | null>(null);
  const dates = useWorkspaceDates();
  const numbers =
    receiptNumbers === null
      ? null
      : receiptNumbers.remaining > 0
        ? `${receiptNumbers.remaining} receipt ${receiptNumbers.remaining === 1 ? 'number' : 'numbers'} ready on this device`
        : receiptNumbers.held
          ? 'No receipt numbers left on this device'
          : 'Receipt numbers are reserved with the first sale';
  return (
    <div className={p.shiftBar}>
      <div>
        <p className={s.itemName} data-testid="shift-status">
          {shift ? `Shift open since ${dates.time(shift.opened_at)}` : 'No shift open'}
        </p>
        <p className={`${s.muted} ${s.small}`}>
          {shift ? `Float ${formatCents(shift.opening_float_cents, currency)}` : 'Open a shift to count your cash at the end of the day.'}
          {numbers ? ` · ${numbers}` : ''}
        </p>
      </div>
      {shift ? (
        <Button variant="secondary" onPress={() => setDialog('close')}>
          Close shift
        </Button>
      ) : (
        <Button variant="secondary" onPress={() => setDialog('open')}>
          Open shift
        </Button>
      )}
      <ModalDialog title="Open shift" isOpen={dialog === 'open'} onOpenChange={(o) => !o && setDialog(null)}>
        <OpenForm onCancel={() => setDialog(null)} onOpen={async (c) => (await onOpen(c)) ?? (setDialog(null), null)} />
      </ModalDialog>
      <ModalDialog title="Close shift" isOpen={dialog === 'close' && shift !== null} onOpenChange={(o) => !o && setDialog(null)}>
        {shift ? (
          <CloseForm
            shift={shift}
            orders={shiftOrders}
            currency={currency}
            onCancel={() => setDialog(null)}
            onClose={async (counted, expected) => {
              const closed = await onClose(shift, counted, expected);
              if (typeof closed === 'string') return closed;
              setDialog(null);
              setReport({ shift: closed, orders: shiftOrders });
              return null;
            }}
          />
        ) : null}
      </ModalDialog>
      <ModalDialog title="Z-report" isOpen={report !== null} onOpenChange={(o) => !o && setReport(null)}>
        {report ? (
          <>
            <ZReportView shift={report.shift} orders={report.orders} business={business} currency={currency} />
            <Button wide onPress={() => setReport(null)}>
              Done
            </Button>
          </>
        ) : null}
      </ModalDialog>
    </div>
  );
});

const openSchema = z.object({ float: moneyField('Opening float') });

function OpenForm({ onCancel, onOpen }: { onCancel: () => void; onOpen: (floatCents: number) => Promise<string | null> }) {
  const form = useZodForm(openSchema, { float: '' });
  // A refusal from the device (no receipt numbers, a shift already open) is shown on the field.
  const submit = form.handleChecked(async ({ float }) => {
    const failure = await onOpen(float ?? 0);
    return failure ? { float: failure } : null;
  });
  return (
    <form className={s.dialogBody} noValidate onSubmit={submit}>
      <TextField
        label="Opening float"
        {...form.field('float')}
        inputMode="decimal"
        description="Cash in the drawer before the first sale"
        autoFocus
      />
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isPending={form.submitting}>
          Open shift
        </Button>
      </div>
    </form>
  );
}

const closeSchema = z.object({ counted: requiredMoney('Cash counted', 'Enter the cash counted') });

function CloseForm({
  shift,
  orders,
  currency,
  onCancel,
  onClose,
}: {
  shift: PosShift;
  orders: PosOrder[];
  currency: string;
  onCancel: () => void;
  onClose: (countedCents: number, expectedCents: number) => Promise<string | null>;
}) {
  const form = useZodForm(closeSchema, { counted: '' });
  const money = (c: number) => formatCents(c, currency);
  const up = expectedCash(shift.opening_float_cents, orders);
  // The difference shows while the count is typed, before it is submitted.
  const typed = parseCents(form.values.counted, 'Cash counted');
  const diff = typed.ok && typed.cents !== undefined ? typed.cents - up.expected_cents : null;
  const submit = form.handleChecked(async ({ counted }) => {
    const failure = await onClose(counted, up.expected_cents);
    return failure ? { counted: failure } : null;
  });
  return (
    <form className={s.dialogBody} noValidate onSubmit={submit}>
      <dl className={p.sums}>
        <Row label="Opening float" value={money(up.float_cents)} />
        <Row label="Cash taken" value={money(up.tendered_cents)} />
        <Row label="Change given" value={`−${money(up.change_cents)}`} />
        <Row label="Cash refunded" value={`−${money(up.refunds_cents)}`} />
        <div className={`${p.sum} ${p.grand}`}>
          <dt>Expected in drawer</dt>
          <dd className={p.sumValue} data-testid="expected-cash">
            {money(up.expected_cents)}
          </dd>
        </div>
      </dl>
      <TextField label="Cash counted" {...form.field('counted')} inputMode="decimal" autoFocus />
      <p className={p.change} aria-live="polite" data-testid="cash-difference">
        {diff === null ? ' ' : diff === 0 ? 'Drawer balances' : diff > 0 ? `Over by ${money(diff)}` : `Short by ${money(-diff)}`}
      </p>
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isPending={form.submitting}>
          Close shift
        </Button>
      </div>
    </form>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className={p.sum}>
      <dt>{label}</dt>
      <dd className={p.sumValue}>{value}</dd>
    </div>
  );
}
