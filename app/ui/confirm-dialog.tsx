import { Button } from './button';
import { ModalDialog } from './modal-dialog';
import * as w from './page.css';

/**
 * "Are you sure?" before something that cannot be undone: Cancel, or the danger button. Mount it
 * while there is something to confirm; it closes itself after either answer.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ModalDialog title={title} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <div className={w.dialogBody}>
        <p className={w.muted}>{text}</p>
        <div className={w.formActions}>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onPress={() => {
              onConfirm();
              onClose();
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
