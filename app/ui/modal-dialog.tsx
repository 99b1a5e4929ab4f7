import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import * as s from './controls.css';

/** A modal dialog (focus trapped, Escape closes when dismissable). */
export function ModalDialog({
  title,
  isOpen,
  onOpenChange,
  isDismissable = true,
  children,
}: {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  isDismissable?: boolean;
  children: ReactNode;
}) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable} className={s.overlay}>
      <Modal className={s.modal}>
        <Dialog className={s.dialog} aria-label={title}>
          <Heading slot="title">{title}</Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
