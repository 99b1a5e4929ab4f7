import { memo, useState } from 'react';
import type { PosOrder, PosShift } from '../../../schema/pos';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import * as s from '../../ui/page.css';
import { formatCents, parseCents } from '../../../schema/money';
import * as p from './pos.css';
import { expectedCash } from './sale';
import { useWorkspaceDates } from '../workspaces/date-format';

/** Open a shift with a float; close it by counting the drawer against what should be there. */
export const ShiftBar = memo(function ShiftBar({
  shift,
  shiftOrders,
  currency,
  receiptNumbers,
  onOpen,
  onClose,
}: {
  shift: PosShift | null;
  shiftOrders: PosOrder[];
  currency: string;
  receiptNumbers: number | null;
  onOpen: (floatCents: number) => Promise<string | null>;
  onClose: (shift: PosShift, countedCents: number, expectedCents: number) => Promise<string | null>;
}) {
  const [dialog, setDialog] = useState<'open' | 'close' | null>(null);
  const dates = useWorkspaceDates();
  const numbers =
    receiptNumbers === null
      ? null
      : receiptNumbers === 0
        ? 'No receipt numbers left on this device'
        : `${receiptNumbers} receipt numbers ready on this device`;
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
            onClose={async (counted, expected) => (await onClose(shift, counted, expected)) ?? (setDialog(null), null)}
          />
        ) : null}
      </ModalDialog>
    </div>
  );
});

function OpenForm({ onCancel, onOpen }: { onCancel: () => void; onOpen: (floatCents: number) => Promise<string | null> }) {
  const [float, setFloat] = useState('');
  const [error, setError] = useState<string | undefined>();
  async function submit() {
    const parsed = parseCents(float, 'Opening float');
    if (!parsed.ok) return setError(parsed.message);
    const failure = await onOpen(parsed.cents ?? 0);
    if (failure) setError(failure);
  }
  return (
    <form className={s.dialogBody} noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <TextField
        label="Opening float"
        value={float}
        onChange={(v) => (setFloat(v), setError(undefined))}
        error={error}
        inputMode="decimal"
        description="Cash in the drawer before the first sale"
        autoFocus
      />
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Open shift</Button>
      </div>
    </form>
  );
}

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
  const [counted, setCounted] = useState('');
  const [error, setError] = useState<string | undefined>();
  const money = (c: number) => formatCents(c, currency);
  const up = expectedCash(shift.opening_float_cents, orders);
  const parsed = parseCents(counted, 'Cash counted');
  const diff = parsed.ok && parsed.cents !== undefined ? parsed.cents - up.expected_cents : null;

  async function submit() {
    if (!parsed.ok) return setError(parsed.message);
    if (parsed.cents === undefined) return setError('Enter the cash counted');
    const failure = await onClose(parsed.cents, up.expected_cents);
    if (failure) setError(failure);
  }
  return (
    <form className={s.dialogBody} noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
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
      <TextField
        label="Cash counted"
        value={counted}
        onChange={(v) => (setCounted(v), setError(undefined))}
        error={error}
        inputMode="decimal"
        autoFocus
      />
      <p className={p.change} aria-live="polite" data-testid="cash-difference">
        {diff === null ? ' ' : diff === 0 ? 'Drawer balances' : diff > 0 ? `Over by ${money(diff)}` : `Short by ${money(-diff)}`}
      </p>
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Close shift</Button>
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
