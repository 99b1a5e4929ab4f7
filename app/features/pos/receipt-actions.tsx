import { useRef, type ReactNode } from 'react';
import type { PosOrder } from '../../../schema/pos/pos';
import type { UserData } from '../../data/db';
import { Button, ButtonLink } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import * as s from '../../ui/page.css';
import { Receipt } from './receipt';
import { EmailReceiptButton, ReceiptEmailStatus } from './receipt-email';
import './receipt-print.css';
import { printReceipt, receiptText, receiptUrl, whatsappUrl, type PaperWidth } from './receipt-share';

/**
 * A receipt with what the cashier can do with it: print on 58 mm or 80 mm till paper, send it by
 * WhatsApp (its text and its link) or e-mail, or copy its link. Works offline; the link opens and
 * the e-mail goes once the sale has synced.
 */
export function ReceiptWithActions({
  order,
  business,
  currency,
  vatNumber,
  phone,
  email,
  till,
  children,
}: {
  order: PosOrder;
  business: string;
  currency: string;
  vatNumber?: string | null;
  /** The customer's phone, when the sale names a contact. */
  phone?: string;
  /** The customer's e-mail, when the sale names a contact. */
  email?: string;
  /** The device's data and workspace: with them a completed sale can be e-mailed. */
  till?: { data: UserData; workspaceId: number };
  children?: ReactNode;
}) {
  const held = useRef<HTMLDivElement>(null);
  const link = order.share_token ? receiptUrl(window.location.origin, order.share_token) : undefined;
  const text = receiptText(order, business, currency, link);
  const mailable = till && order.kind === 'sale' && order.status === 'completed' && order.share_token !== undefined;
  const print = (width: PaperWidth) => {
    const receipt = held.current?.firstElementChild;
    if (receipt instanceof HTMLElement) printReceipt(receipt, width);
  };
  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link copied', description: link, variant: 'success' });
    } catch {
      toast({ title: 'Receipt link', description: link });
    }
  }
  return (
    <>
      <div ref={held}>
        <Receipt order={order} business={business} currency={currency} vatNumber={vatNumber} />
      </div>
      <div className={s.actionRow} role="group" aria-label="Share or print the receipt">
        <Button variant="secondary" onPress={() => print(58)}>
          Print 58 mm
        </Button>
        <Button variant="secondary" onPress={() => print(80)}>
          Print 80 mm
        </Button>
        <ButtonLink variant="secondary" href={whatsappUrl(text, phone)} target="_blank" rel="noopener noreferrer">
          WhatsApp
        </ButtonLink>
        {mailable ? <EmailReceiptButton data={till.data} order={order} email={email} /> : null}
        {link ? (
          <Button variant="secondary" onPress={() => void copy()}>
            Copy link
          </Button>
        ) : null}
      </div>
      {mailable ? <ReceiptEmailStatus data={till.data} workspaceId={till.workspaceId} orderId={order.id} /> : null}
      {children}
    </>
  );
}
