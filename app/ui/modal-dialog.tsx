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
    <ModalFrame isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable}>
      <DialogPanel title={title}>{children}</DialogPanel>
    </ModalFrame>
  );
}

/**
 * The overlay of a modal dialog, for a dialog whose own component holds what it shows (a
 * `DialogPanel` inside). The overlay measures the page each time it renders; a dialog that changes
 * its title and content below it re-renders without that measure.
 */
export function ModalFrame({
  isOpen,
  onOpenChange,
  isDismissable = true,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  isDismissable?: boolean;
  children: ReactNode;
}) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable} className={s.overlay}>
      <Modal className={s.modal}>{children}</Modal>
    </ModalOverlay>
  );
}

/** A dialog's panel: its title, as heading and accessible name, above what it holds. */
export function DialogPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Dialog className={s.dialog} aria-label={title}>
      <Heading slot="title">{title}</Heading>
      {children}
    </Dialog>
  );
}
