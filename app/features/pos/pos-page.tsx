import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Product } from '../../../schema/catalog';
import type { PosItem, PosOrder, PosShift } from '../../../schema/pos';
import { useAuth } from '../../data/auth-store';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useOnHand, useProducts } from '../inventory/use-inventory';
import { formatCents, parseCents } from '../../../schema/money';
import { DeviceDataGate } from '../sync/device-data-gate';
import { useWorkspace, useWorkspaceSettings } from '../workspaces/workspace-queries';
import * as s from '../../ui/page.css';
import { addToCart, sellable, setQuantity } from './cart';
import { CartPanel } from './cart-panel';
import { CheckoutDialog } from './payment-dialog';
import * as p from './pos.css';
import { ProductGrid } from './product-grid';
import { Receipt, receiptLabel } from './receipt';
import { cartTotals, type Tender } from './sale';
import { SalesList } from './sales-list';
import { ShiftBar } from './shift-panel';
import { closeShift, completeSale, drawReceiptNumber, openShift, refundSale, restoreSaleStock, voidSale } from './till';
import type { RefundRequest } from './refund-dialog';
import { startOfToday, useDeviceId, useOpenShift, useOrdersSince, useReceiptNumbers, useShiftOrders } from './use-pos';

const route = getRouteApi('/protected/workspace/$workspaceId/pos');

/** /workspace/{id}/pos: the till. Everything it reads and writes is on the device, so it works offline. */
export function PosPage() {
  const { workspaceId } = route.useParams();
  return (
    <>
      <header className={s.pageHeader}>
        <div>
          <h1 className={s.title}>Point of Sale</h1>
          <p className={s.muted}>Sales are saved on this device first and sync when you are online.</p>
        </div>
      </header>
      <DeviceDataGate inline opening="Opening the till">
        {(data) => <Till key={workspaceId} data={data} workspaceId={workspaceId} />}
      </DeviceDataGate>
    </>
  );
}

function Till({ data, workspaceId }: { data: UserData; workspaceId: number }) {
  const { user } = useAuth();
  const products = useProducts(data, workspaceId);
  const onHand = useOnHand(data, workspaceId);
  const settings = useWorkspaceSettings(workspaceId).data;
  const currency = settings?.currency ?? 'ZAR';
  const business = useWorkspace(workspaceId).data?.name ?? '';
  const deviceId = useDeviceId(data);
  const shift = useOpenShift(data, workspaceId, deviceId);
  const shiftOrders = useShiftOrders(data, workspaceId, shift?.id);
  const [since] = useState(startOfToday);
  const today = useOrdersSince(data, workspaceId, since);
  const numbers = useReceiptNumbers(data, workspaceId, deviceId);
  useEffect(() => {
    // A page closed between a sale and its stock movements leaves them unwritten; write them now.
    if (deviceId) void restoreSaleStock(data, workspaceId, deviceId, since).catch(() => undefined);
  }, [data, workspaceId, deviceId, since]);

  const [items, setItems] = useState<PosItem[]>([]);
  const [discount, setDiscount] = useState('');
  const [paying, setPaying] = useState(false);
  const [completed, setCompleted] = useState<PosOrder | null>(null);
  const [receipt, setReceipt] = useState<PosOrder | null>(null);
  // The next sale's receipt number, drawn when payment starts. Kept for the next sale if this one is
  // not completed; lost (a gap, never a duplicate) only if the page closes in between.
  const nextNumber = useRef<Promise<number | undefined> | null>(null);
  const forSale = useMemo(() => (products ? sellable(products) : null), [products]);

  const discountParsed = parseCents(discount, 'Order discount');
  const discountCents = discountParsed.ok ? (discountParsed.cents ?? 0) : 0;
  const totals = cartTotals(items, discountCents);
  const lineSum = items.reduce((a, it) => a + it.unit_price_cents * it.quantity - (it.discount_cents ?? 0), 0);
  const discountError = !discountParsed.ok
    ? discountParsed.message
    : discountCents > lineSum && items.length > 0
      ? 'Discount cannot be more than the sale'
      : undefined;

  // Stable handlers, so the product grid and lists re-render only when what they show changes.
  const itemsNow = useRef(items);
  itemsNow.current = items;
  const rateNow = useRef(0);
  rateNow.current = settings?.vat_rate_bp ?? 0;
  const add = useCallback((product: Product) => {
    const next = addToCart(itemsNow.current, product, rateNow.current);
    if (next.ok) setItems(next.items);
    else toast({ title: 'Not added', description: next.message, variant: 'destructive' });
  }, []);
  function quantity(productId: string, q: number) {
    const next = setQuantity(items, productId, q);
    if (next.ok) setItems(next.items);
    else toast({ title: 'Not changed', description: next.message, variant: 'destructive' });
  }

  async function confirm(tender: Tender): Promise<string | null> {
    if (!deviceId) return 'The till is still starting; try again in a moment.';
    const number = nextNumber.current ?? drawReceiptNumber(data, deviceId, workspaceId);
    nextNumber.current = null;
    const result = await completeSale(
      data,
      {
        id: crypto.randomUUID(),
        workspaceId,
        items,
        orderDiscountCents: discountCents,
        tender,
        deviceId,
        shiftId: shift?.id,
        now: new Date(),
      },
      number,
    );
    if (!result.ok) {
      nextNumber.current = number;
      return result.message;
    }
    result.value.stock.catch((err: unknown) =>
      toast({ title: 'Stock not updated', description: err instanceof Error ? err.message : String(err), variant: 'destructive' }),
    );
    // Only the dialog changes now; the cart behind it is cleared when the person starts the next sale.
    setCompleted(result.value.order);
    return null;
  }

  const shiftId = shift?.id;
  const doVoid = useCallback(
    async (order: PosOrder, reason: string): Promise<string | null> => {
      if (!deviceId) return 'The till is still starting; try again in a moment.';
      const result = await voidSale(data, order, { reason, deviceId, shiftId });
      if (!result.ok) return result.message;
      toast({ title: 'Sale voided', description: 'Its items are back in stock.', variant: 'success' });
      return null;
    },
    [data, deviceId, shiftId],
  );
  const doRefund = useCallback(
    async (order: PosOrder, request: RefundRequest): Promise<string | null> => {
      if (!deviceId) return 'The till is still starting; try again in a moment.';
      const result = await refundSale(data, order, { ...request, deviceId, shiftId });
      if (!result.ok) return result.message;
      toast({ title: 'Refund recorded', description: 'Refunded items are back in stock.', variant: 'success' });
      return null;
    },
    [data, deviceId, shiftId],
  );
  const userId = user?.id;
  const onOpenShift = useCallback(
    async (floatCents: number) => {
      if (!deviceId) return 'The till is still starting; try again in a moment.';
      const r = await openShift(data, { workspaceId, deviceId, userId, floatCents });
      return r.ok ? null : r.message;
    },
    [data, workspaceId, deviceId, userId],
  );
  const onCloseShift = useCallback(
    async (current: PosShift, counted: number, expected: number) => {
      const r = await closeShift(data, current, { countedCents: counted, expectedCents: expected });
      if (r.ok) toast({ title: 'Shift closed', variant: 'success' });
      return r.ok ? null : r.message;
    },
    [data],
  );

  if (!forSale || !today || shift === undefined) return <Spinner label="Loading the till" />;

  return (
    <div className={s.stack}>
      <ShiftBar
        shift={shift}
        shiftOrders={shiftOrders}
        currency={currency}
        receiptNumbers={numbers.remaining}
        onOpen={onOpenShift}
        onClose={onCloseShift}
      />
      <div className={p.layout}>
        <div className={p.column}>
          <ProductGrid workspaceId={workspaceId} products={forSale} onHand={onHand} currency={currency} onAdd={add} />
          {items.length > 0 ? (
            <Button
              wide
              className={p.reviewBar}
              onPress={() => document.getElementById('pos-cart-title')?.scrollIntoView({ block: 'start' })}
            >
              Review sale · {formatCents(totals.total_cents, currency)}
            </Button>
          ) : null}
        </div>
        <CartPanel
          items={items}
          totals={totals}
          currency={currency}
          discount={discount}
          discountError={discountError}
          onDiscount={setDiscount}
          onQuantity={quantity}
          onCharge={() => {
            if (deviceId && !nextNumber.current) {
              const drawing = drawReceiptNumber(data, deviceId, workspaceId);
              drawing.catch(() => (nextNumber.current = null));
              nextNumber.current = drawing;
            }
            setPaying(true);
          }}
          onClear={() => (setItems([]), setDiscount(''))}
        />
      </div>
      <SalesList orders={today} currency={currency} onView={setReceipt} onVoid={doVoid} onRefund={doRefund} />
      <CheckoutDialog
        isOpen={paying}
        totalCents={totals.total_cents}
        currency={currency}
        completed={completed !== null}
        receipt={completed ? <Receipt order={completed} business={business} currency={currency} vatNumber={settings?.vat_number} /> : null}
        onClose={() => {
          setPaying(false);
          if (!completed) return;
          setCompleted(null);
          setItems([]);
          setDiscount('');
          numbers.refresh();
        }}
        onConfirm={confirm}
      />
      <ModalDialog
        title={receipt ? `Receipt: ${receiptLabel(receipt)}` : 'Receipt'}
        isOpen={receipt !== null}
        onOpenChange={(o) => !o && setReceipt(null)}
      >
        {receipt ? (
          <div className={s.dialogBody}>
            <Receipt order={receipt} business={business} currency={currency} vatNumber={settings?.vat_number} />
            <Button wide onPress={() => setReceipt(null)} autoFocus>
              Close
            </Button>
          </div>
        ) : null}
      </ModalDialog>
    </div>
  );
}
