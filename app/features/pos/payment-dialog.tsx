import { useState, type FormEvent, type ReactNode } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { cashChange, quickCashAmounts } from '../../../schema/pos-totals';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import * as s from '../../ui/page.css';
import { centsToInput, formatCents, parseCents } from '../../../schema/money';
import * as p from './pos.css';
import type { Tender } from './sale';

type Method = Tender['method'];
const methods: ReadonlyArray<{ id: Exclude<Method, 'other'>; label: string }> = [
  { id: 'cash', label: 'Cash' },
  { id: 'card', label: 'Card' },
  { id: 'eft', label: 'EFT' },
];

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
  const [method, setMethod] = useState<Method>('cash');
  const [tendered, setTendered] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (c: number) => formatCents(c, currency);

  const parsed = parseCents(tendered, 'Cash received');
  const preview = parsed.ok && parsed.cents !== undefined ? cashChange(totalCents, parsed.cents) : null;

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    let tender: Tender;
    if (method === 'cash') {
      if (!parsed.ok) return setError(parsed.message);
      if (parsed.cents === undefined) return setError('Enter the cash received');
      const cash = cashChange(totalCents, parsed.cents);
      if (!cash.ok) return setError(cash.message);
      tender = { method: 'cash', tenderedCents: parsed.cents };
    } else {
      tender = { method };
    }
    setError(undefined);
    setBusy(true);
    const result = await onConfirm(tender).catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
    if (result) {
      setFailure(result);
      setBusy(false);
    }
  }

  return (
    <form className={s.dialogBody} onSubmit={(e) => void submit(e)} noValidate aria-label="Payment">
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
          if (next) setMethod(next.id);
          setError(undefined);
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
            value={tendered}
            onChange={(v) => {
              setTendered(v);
              setError(undefined);
            }}
            error={error}
            inputMode="decimal"
            placeholder={centsToInput(totalCents)}
            autoFocus
          />
          <div className={p.quick} role="group" aria-label="Quick amounts">
            {quickCashAmounts(totalCents).map((c, i) => (
              <Button
                key={c}
                variant="secondary"
                onPress={() => {
                  setTendered(centsToInput(c));
                  setError(undefined);
                }}
              >
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
      {failure ? (
        <p role="alert" className={s.fieldError}>
          Could not complete the sale: {failure}
        </p>
      ) : null}
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onClose}>
          Back to sale
        </Button>
        <Button type="submit" isDisabled={busy}>
          Complete sale
        </Button>
      </div>
    </form>
  );
}
