import { useState, type FormEvent } from 'react';
import { stockMovements, type Product, type StockMovement } from '../../../schema/catalog';
import type { UserData } from '../../data/db';
import { recordMovement } from '../../data/stock';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import { SelectField } from '../../ui/form-controls';
import * as s from '../../ui/page.css';

type Reason = StockMovement['reason'];
type Direction = 'add' | 'remove';

/** Each reason's usual direction; a correction ('adjustment') can go either way. */
const reasons: ReadonlyArray<{ value: Reason; label: string; direction: Direction }> = [
  { value: 'purchase', label: 'Received from a supplier', direction: 'add' },
  { value: 'sale', label: 'Sold', direction: 'remove' },
  { value: 'return', label: 'Returned by a customer', direction: 'add' },
  { value: 'adjustment', label: 'Count correction or damaged', direction: 'remove' },
  { value: 'transfer', label: 'Transfer', direction: 'remove' },
];
const directions: ReadonlyArray<{ value: Direction; label: string }> = [
  { value: 'add', label: 'Add to stock' },
  { value: 'remove', label: 'Remove from stock' },
];

/**
 * Adjust stock: appends one movement to the ledger. On hand is never edited directly, so two
 * devices changing stock offline both count once they sync (DESIGN.md §5).
 */
export function StockDialog({
  data,
  product,
  onHand,
  onClose,
}: {
  data: UserData;
  product: Product | null;
  onHand: number;
  onClose: (done?: string) => void;
}) {
  return (
    <ModalDialog title={`Adjust stock: ${product?.name ?? ''}`} isOpen={product !== null} onOpenChange={(o) => !o && onClose()}>
      {product ? <StockForm key={product.id} data={data} product={product} onHand={onHand} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

function StockForm({
  data,
  product,
  onHand,
  onClose,
}: {
  data: UserData;
  product: Product;
  onHand: number;
  onClose: (done?: string) => void;
}) {
  const [reason, setReason] = useState<Reason>('purchase');
  const [direction, setDirection] = useState<Direction>('add');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function pickReason(r: Reason) {
    setReason(r);
    setDirection(reasons.find((x) => x.value === r)?.direction ?? 'add');
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const text = quantity.trim();
    if (!/^\d+$/.test(text) || Number(text) === 0) {
      setErrors({ quantity: 'Quantity must be a whole number above 0' });
      return;
    }
    const signed = direction === 'add' ? Number(text) : -Number(text);
    const candidate = { product_id: product.id, quantity: signed, reason, note: note.trim() || undefined };
    const checked = stockMovements.fields.partial().safeParse(candidate);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setErrors({ [String(issue?.path[0] ?? 'quantity')]: issue?.message ?? 'Invalid movement' });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await recordMovement(data.db, { ...candidate, workspace_id: product.workspace_id });
      onClose(`${signed > 0 ? '+' : ''}${signed}`);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
      setSaving(false);
    }
  }

  const preview = /^\d+$/.test(quantity.trim()) ? onHand + (direction === 'add' ? 1 : -1) * Number(quantity.trim()) : null;
  return (
    <form className={s.dialogBody} onSubmit={(e) => void submit(e)} noValidate>
      <p className={s.muted}>On hand now: {onHand}</p>
      <SelectField label="Reason" value={reason} options={reasons} onChange={pickReason} />
      <SelectField label="Change" value={direction} options={directions} onChange={setDirection} />
      <TextField label="Quantity" value={quantity} onChange={setQuantity} error={errors.quantity} inputMode="numeric" autoFocus />
      <TextField
        label="Note"
        value={note}
        onChange={setNote}
        error={errors.note}
        description="Optional, e.g. the supplier or what happened"
      />
      {preview !== null ? <p className={s.muted}>On hand after: {preview}</p> : null}
      {failure ? (
        <p role="alert" className={s.fieldError}>
          Could not record the change: {failure}
        </p>
      ) : null}
      <div className={s.formActions}>
        <Button variant="secondary" onPress={() => onClose()}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={saving}>
          Record change
        </Button>
      </div>
    </form>
  );
}
