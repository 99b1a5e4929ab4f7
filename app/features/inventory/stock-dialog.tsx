import type { Product, StockMovement } from '../../../schema/inventory/catalog';
import { productTitle } from '../../../schema/inventory/product-variants';
import type { UserData } from '../../data/db';
import { recordMovement } from './stock';
import { FormActions, FormFailure } from '../../ui/form-actions';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import { SelectField } from '../../ui/form-controls';
import * as s from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { stockDraft, type StockDirection, type StockDraft } from './product-model';

type Reason = StockMovement['reason'];
type Direction = StockDirection;

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

const noChange: StockDraft = { reason: 'purchase', direction: 'add', quantity: '', note: '' };

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
    <ModalDialog
      title={`Adjust stock: ${product ? productTitle(product) : ''}`}
      isOpen={product !== null}
      onOpenChange={(o) => !o && onClose()}
    >
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
  const form = useZodForm(stockDraft, noChange);
  const { reason, direction, quantity } = form.values;

  function pickReason(r: Reason) {
    form.set('reason', r);
    form.set('direction', reasons.find((x) => x.value === r)?.direction ?? 'add');
  }

  const submit = form.handleSubmit(async (movement) => {
    await recordMovement(data.db, { ...movement, product_id: product.id, workspace_id: product.workspace_id });
    onClose(`${movement.quantity > 0 ? '+' : ''}${movement.quantity}`);
  });

  const preview = /^\d+$/.test(quantity.trim()) ? onHand + (direction === 'add' ? 1 : -1) * Number(quantity.trim()) : null;
  return (
    <form className={s.dialogBody} onSubmit={submit} noValidate>
      <p className={s.muted}>On hand now: {onHand}</p>
      <SelectField label="Reason" value={reason} options={reasons} onChange={pickReason} />
      <SelectField label="Change" value={direction} options={directions} onChange={(d) => form.set('direction', d)} />
      <TextField label="Quantity" {...form.field('quantity')} name="quantity" inputMode="numeric" autoFocus />
      <TextField label="Note" {...form.field('note')} name="note" description="Optional, e.g. the supplier or what happened" />
      {preview !== null ? <p className={s.muted}>On hand after: {preview}</p> : null}
      <FormFailure lead="Could not record the change" message={form.failure} />
      <FormActions submitLabel="Record change" pending={form.submitting} onCancel={() => onClose()} />
    </form>
  );
}
