import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Product } from '../../../schema/inventory/catalog';
import type { PosItem, PosOrder, PosShift } from '../../../schema/pos/pos';
import { useAuth } from '../../data/auth-store';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useOnHand, useProducts } from '../inventory';
import { formatCents, parseCents } from '../../../schema/kit/money';
import { DeviceDataGate } from '../../kit/device-data-gate';
import { useWorkspace, useWorkspaceSettings } from '../../kit/workspace-queries';
import * as s from '../../ui/page.css';
import { addToCart, sellable, setQuantity } from './cart';
import { CartPanel } from './cart-panel';
import { loadCartDraft, saveCartDraft } from './cart-draft';
import { CheckoutDialog } from './payment-dialog';
import * as p from './pos.css';
import { useHasPulled } from './use-has-pulled';
import { ProductGrid } from './product-grid';
import { receiptLabel } from './receipt';
import { ReceiptWithActions } from './receipt-actions';
import { cartTotals, newShareToken, type Built, type Tender } from './sale';
import type { Contact } from '../../../schema/crm/crm';
import { createContact, useContacts } from '../crm';
import { CustomerPicker, customerDoc } from './customer-picker';
import { overStock } from './cart';
import { SalesList } from './sales-list';
import { ShiftBar } from './shift-panel';
import { closeShift, completeSale, drawReceiptNumber, keepReceiptNumbers, openShift, refundSale, restoreSaleStock, voidSale } from './till';
import type { RefundRequest } from './refund-dialog';
import { vatStatusOf } from '../../../schema/kit/vat';
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
  const productsPulled = useHasPulled(data.name, 'products', workspaceId);
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

  const contacts = useContacts(data, workspaceId).contacts;
  const [customer, setCustomer] = useState<Contact | null>(null);
  const [items, setItems] = useState<PosItem[]>([]);
  // A line about to go beyond the device's stock count, waiting for the cashier's yes (workspace setting).
  const [confirming, setConfirming] = useState<{ items: PosItem[]; name: string; inStock: number } | null>(null);
  const [discount, setDiscount] = useState('');
  const [paying, setPaying] = useState(false);
  const [receipt, setReceipt] = useState<PosOrder | null>(null);
  // The next sale's receipt number, drawn when payment starts. Kept for the next sale if this one is
  // not completed; lost (a gap, never a duplicate) only if the page closes in between.
  const nextNumber = useRef<Promise<number | undefined> | null>(null);
  const forSale = useMemo(() => (products ? sellable(products) : null), [products]);

  // The sale in progress survives a reload: restored once, then kept as it changes.
  const [restored, setRestored] = useState(false);
  const [draftCustomer, setDraftCustomer] = useState<string | null>(null);
  // The id the sale on screen is recorded under, kept with the draft (see cart-draft.ts).
  const [saleId, setSaleId] = useState<string>(() => crypto.randomUUID());
  useEffect(() => {
    let current = true;
    void loadCartDraft(data, workspaceId)
      .catch(() => null)
      .then((draft) => {
        if (!current) return;
        if (draft && itemsNow.current.length === 0) {
          setItems(draft.items);
          setDiscount(draft.discount);
          setDraftCustomer(draft.customerId);
          if (draft.saleId) setSaleId(draft.saleId);
        }
        setRestored(true);
      });
    return () => {
      current = false;
    };
  }, [data, workspaceId]);
  useEffect(() => {
    if (!draftCustomer) return;
    const found = contacts?.find((c) => c.id === draftCustomer);
    if (found) (setCustomer(found), setDraftCustomer(null));
  }, [contacts, draftCustomer]);
  useEffect(() => {
    if (!restored) return;
    void saveCartDraft(data, workspaceId, { items, discount, customerId: customer?.id ?? draftCustomer, saleId }).catch(() => undefined);
  }, [data, workspaceId, restored, items, discount, customer, draftCustomer, saleId]);

  const discountParsed = parseCents(discount, 'Order discount');
  const discountCents = discountParsed.ok ? (discountParsed.cents ?? 0) : 0;
  const pricesIncludeVat = settings?.prices_include_vat ?? true;
  const totals = cartTotals(items, discountCents, pricesIncludeVat);
  const lineSum = items.reduce((a, it) => a + it.unit_price_cents * it.quantity - (it.discount_cents ?? 0), 0);
  const discountError = !discountParsed.ok
    ? discountParsed.message
    : discountCents > lineSum && items.length > 0
      ? 'Discount cannot be more than the sale'
      : undefined;

  // Stable handlers, so the product grid and lists re-render only when what they show changes.
  const itemsNow = useRef(items);
  itemsNow.current = items;
  // The VAT rule, from the replicated settings: the till charges on the device, offline too.
  const vat = vatStatusOf(settings);
  const rateNow = useRef(vat);
  rateNow.current = vat;
  const stockNow = useRef({ onHand, products, confirm: false });
  stockNow.current = { onHand, products, confirm: settings?.pos_confirm_over_stock ?? false };
  /**
   * Takes the cart's next lines, warning when a line sells more than this device counts in stock
   * (offline too) and, where the workspace asks for it, waiting for the cashier to confirm. Never
   * blocks: the count on a device may be stale.
   */
  const applyLines = useCallback((next: PosItem[], productId: string) => {
    const { onHand: stock, products: all, confirm } = stockNow.current;
    const line = next.find((it) => it.product_id === productId);
    const product = all?.find((pr) => pr.id === productId);
    const over = line && product ? overStock(product, line.quantity, stock.get(productId) ?? 0) : null;
    const before = itemsNow.current.find((it) => it.product_id === productId)?.quantity ?? 0;
    if (!over || !line || line.quantity <= before) {
      setItems(next);
      return;
    }
    if (confirm) {
      setConfirming({ items: next, name: line.name, inStock: over.inStock });
      return;
    }
    setItems(next);
    toast({ title: 'Low stock', description: stockWarning(line.name, over.inStock) });
  }, []);
  const add = useCallback(
    (product: Product) => {
      const next = addToCart(itemsNow.current, product, rateNow.current);
      if (next.ok) applyLines(next.items, product.id);
      else toast({ title: 'Not added', description: next.message, variant: 'destructive' });
    },
    [applyLines],
  );
  function quantity(productId: string, q: number) {
    const next = setQuantity(items, productId, q);
    if (next.ok) applyLines(next.items, productId);
    else toast({ title: 'Not changed', description: next.message, variant: 'destructive' });
  }
  const warnings = new Map(
    items.flatMap((it) => {
      const product = products?.find((pr) => pr.id === it.product_id);
      const over = product ? overStock(product, it.quantity, onHand.get(it.product_id) ?? 0) : null;
      return over ? [[it.product_id, stockWarning(it.name, over.inStock)] as const] : [];
    }),
  );

  async function confirm(tender: Tender): Promise<Built<PosOrder>> {
    if (!deviceId) return { ok: false, message: 'The till is still starting; try again in a moment.' };
    const number = nextNumber.current ?? drawReceiptNumber(data, deviceId, workspaceId);
    nextNumber.current = null;
    const result = await completeSale(
      data,
      {
        id: saleId,
        workspaceId,
        items,
        orderDiscountCents: discountCents,
        pricesIncludeVat,
        sellerVatNumber: vat.vatNumber,
        tender,
        deviceId,
        shiftId: shift?.id,
        contactId: customer?.id,
        shareToken: newShareToken(),
        now: new Date(),
      },
      number,
    );
    if (!result.ok) {
      nextNumber.current = number;
      return result;
    }
    const { order, writeStock } = result.value;
    // Sold: the kept cart names this sale, so a reload (or a page that dies now) finds it recorded and
    // never offers it again; nothing more is written before the receipt shows. The cart stays on
    // screen behind the receipt, unsaved, until the next sale.
    setRestored(false);
    // The receipt goes into the page within this task; the stock movements are written in the next,
    // behind it (restoreSaleStock writes them on the next start should the page close in between).
    setTimeout(() => {
      writeStock().catch((err: unknown) =>
        toast({ title: 'Stock not updated', description: err instanceof Error ? err.message : String(err), variant: 'destructive' }),
      );
    }, 0);
    // Only the dialog changes now; the cart behind it is cleared when the person starts the next sale.
    return { ok: true, value: order };
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
      if (!r.ok) return r.message;
      // A shift opened is a till about to sell: it takes its receipt numbers now, while online, so
      // the sales that follow are numbered even if the signal goes.
      if (navigator.onLine) {
        void keepReceiptNumbers(data, workspaceId, undefined, { aboutToSell: true })
          .catch(() => undefined)
          .then(numbers.refresh);
      }
      return null;
    },
    [data, workspaceId, deviceId, userId, numbers.refresh],
  );
  const onCloseShift = useCallback(
    async (current: PosShift, counted: number, expected: number) => {
      const r = await closeShift(data, current, { countedCents: counted, expectedCents: expected });
      if (r.ok) toast({ title: 'Shift closed', variant: 'success' });
      return r.ok ? r.value : r.message;
    },
    [data],
  );

  const contactOf = (order: PosOrder) => (order.contact_id ? contacts?.find((c) => c.id === order.contact_id) : undefined);
  const phoneOf = (order: PosOrder) => contactOf(order)?.phone;
  const emailOf = (order: PosOrder) => contactOf(order)?.email;
  const till = useMemo(() => ({ data, workspaceId }), [data, workspaceId]);

  if (!forSale || !today || shift === undefined) return <Spinner label="Loading the till" />;

  return (
    <div className={s.stack}>
      <ShiftBar
        shift={shift}
        shiftOrders={shiftOrders}
        currency={currency}
        business={business}
        receiptNumbers={numbers.inHand}
        onOpen={onOpenShift}
        onClose={onCloseShift}
      />
      <div className={p.layout}>
        <div className={p.column}>
          <ProductGrid
            workspaceId={workspaceId}
            products={forSale}
            arriving={!productsPulled}
            onHand={onHand}
            currency={currency}
            onAdd={add}
          />
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
          pricesIncludeVat={pricesIncludeVat}
          currency={currency}
          discount={discount}
          discountError={discountError}
          onDiscount={setDiscount}
          onQuantity={quantity}
          warnings={warnings}
          customer={
            <CustomerPicker
              customer={customer}
              contacts={contacts ?? []}
              onPick={setCustomer}
              onCreate={async (draft) => {
                const made = customerDoc(draft, workspaceId);
                if (!made.ok) return { ok: false, message: Object.values(made.errors).find(Boolean) ?? 'The customer is not valid' };
                await createContact(data, made.doc);
                return { ok: true, contact: made.doc };
              }}
            />
          }
          onCharge={() => {
            if (deviceId && !nextNumber.current) {
              const drawing = drawReceiptNumber(data, deviceId, workspaceId);
              drawing.catch(() => (nextNumber.current = null));
              nextNumber.current = drawing;
            }
            setPaying(true);
          }}
          onClear={() => (setItems([]), setDiscount(''), setCustomer(null))}
        />
      </div>
      <SalesList orders={today} currency={currency} onView={setReceipt} onVoid={doVoid} onRefund={doRefund} />
      <CheckoutDialog
        isOpen={paying}
        totalCents={totals.total_cents}
        currency={currency}
        receiptOf={(order) => (
          <ReceiptWithActions
            order={order}
            business={business}
            currency={currency}
            vatNumber={vat.vatNumber}
            phone={phoneOf(order)}
            email={emailOf(order)}
            till={till}
          />
        )}
        onClose={(completed) => {
          setPaying(false);
          if (!completed) return;
          setItems([]);
          setDiscount('');
          setCustomer(null);
          setSaleId(crypto.randomUUID());
          setRestored(true);
          numbers.refresh();
        }}
        onConfirm={confirm}
      />
      <ModalDialog title="Sell more than in stock?" isOpen={confirming !== null} onOpenChange={(o) => !o && setConfirming(null)}>
        {confirming ? (
          <div className={s.dialogBody}>
            <p>{stockWarning(confirming.name, confirming.inStock)} Sell it anyway?</p>
            <div className={s.formActions}>
              <Button variant="secondary" onPress={() => setConfirming(null)}>
                Don’t add
              </Button>
              <Button autoFocus onPress={() => (setItems(confirming.items), setConfirming(null))}>
                Sell anyway
              </Button>
            </div>
          </div>
        ) : null}
      </ModalDialog>
      <ModalDialog
        title={receipt ? `Receipt: ${receiptLabel(receipt)}` : 'Receipt'}
        isOpen={receipt !== null}
        onOpenChange={(o) => !o && setReceipt(null)}
      >
        {receipt ? (
          <div className={s.dialogBody}>
            <ReceiptWithActions
              order={receipt}
              business={business}
              currency={currency}
              vatNumber={vat.vatNumber}
              phone={phoneOf(receipt)}
              email={emailOf(receipt)}
              till={till}
            />
            <Button wide onPress={() => setReceipt(null)} autoFocus>
              Close
            </Button>
          </div>
        ) : null}
      </ModalDialog>
    </div>
  );
}

/** What the cashier is told when a sale goes beyond the device's count. */
export function stockWarning(name: string, inStock: number): string {
  return inStock <= 0 ? `${name}: none in stock on this device.` : `${name}: only ${inStock} in stock on this device.`;
}
