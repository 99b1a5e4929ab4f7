import { useState } from 'react';
import type { Product } from '../../../schema/catalog';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { toast } from '../../ui/toast-store';
import * as s from '../../ui/page.css';

/** Deleting asks first; the deletion syncs like any other change. Stock history stays in the ledger. */
export function DeleteProductDialog({ data, product, onClose }: { data: UserData; product: Product | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = product?.name ?? 'this product';

  async function remove() {
    if (!product) return;
    setBusy(true);
    setFailure(null);
    try {
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
