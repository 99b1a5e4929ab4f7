import { useState } from 'react';
import { productTitle } from '../../../schema/inventory/product-variants';
import type { Product } from '../../../schema/inventory/catalog';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { toast } from '../../ui/toast-store';
import * as s from '../../ui/page.css';
import { useProducts } from './use-inventory';

/** Deleting asks first; the deletion syncs like any other change. Stock history stays in the ledger. */
export function DeleteProductDialog({ data, product, onClose }: { data: UserData; product: Product | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = product ? productTitle(product) : 'this product';
  // A main product goes with its variants: a variant is never left without its group.
  const variants = useProducts(data, product?.workspace_id ?? 0)?.filter((p) => product !== null && p.variant_of === product.id) ?? [];

  async function remove() {
    if (!product) return;
    setBusy(true);
    setFailure(null);
    try {
      for (const v of variants) await (await data.db.products.findOne(v.id).exec())?.remove();
      const doc = await data.db.products.findOne(product.id).exec();
      if (doc) await doc.remove();
      toast({ title: 'Product deleted', description: name });
      onClose();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={`Delete ${name}?`} isOpen={product !== null} onOpenChange={(o) => !o && onClose()}>
      <div className={s.dialogBody}>
        <p className={s.muted}>It disappears from inventory and the Point of Sale on every device once synced.</p>
        {variants.length > 0 ? (
          <p className={s.muted}>
            Its {variants.length === 1 ? 'variant is' : `${variants.length} variants are`} deleted with it:{' '}
            {variants.map((v) => v.variant_name).join(', ')}.
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className={s.fieldError}>
            Could not delete: {failure}
          </p>
        ) : null}
        <div className={s.formActions}>
          <Button variant="secondary" onPress={onClose} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onPress={() => void remove()} isDisabled={busy}>
            Delete product
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
