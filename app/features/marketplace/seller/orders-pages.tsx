import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { map } from 'rxjs';
import type { z } from 'zod';
import { marketplaceContract as c } from '../../../../schema/marketplace/contract';
import {
  orderDto,
  orderList,
  orderStatus,
  orderStatusLabels,
  type OrderDto,
  type OrderStatus,
} from '../../../../schema/marketplace/marketplace-orders';
import type { OrderChange } from '../../../../schema/marketplace/order-changes';
import { call } from '../../../data/api';
import { useAuthStore } from '../../../data/auth-store';
import { useLiveQuery } from '../../../data/use-live-query';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState, LoadError, Notice } from '../../../ui/feedback';
import { CheckboxField, SelectField } from '../../../ui/form-controls';
import * as p from '../../../ui/page.css';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast-store';
import { failureMessage } from '../../../kit/forms/use-zod-form';
import { useOnline } from '../../../kit/online';
import { useWorkspaceDates } from '../../../kit/date-format';
import { DeviceDataGate } from '../../../kit/device-data-gate';
import { useUserData } from '../../../kit/user-data';
import { isOffline, readCached, withOfflineCopy, type CacheSlot } from '../../../kit/offline-cache';
import { serverMessage, useWorkspace } from '../../../kit/workspace-queries';
import { money, OrderBadges, OrderSummary } from '../orders/order-view';
import * as m from '../market.css';
import { answeredSince, pendingIds, seenOrder } from './order-changes';
import { StatusCard } from './status-card';

const listRoute = getRouteApi('/protected/workspace/$workspaceId/orders');
const orderRoute = getRouteApi('/protected/workspace/$workspaceId/orders/$orderId');

const keys = {
  list: (ws: number, status: string) => ['seller-orders', ws, status] as const,
  one: (ws: number, id: string) => ['seller-order', ws, id] as const,
};

/**
 * The orders as last read online, kept per user on the device (cleared at logout): a seller at a
 * market without signal still sees what to pack and for whom, and moves orders on (`order_changes`).
 */
const kept = {
  list: (ws: number, status: string): CacheSlot<z.infer<typeof orderList>> => ({
    slot: `seller-orders:${ws}:${status}`,
    schema: orderList,
  }),
  one: (ws: number, id: string): CacheSlot<OrderDto> => ({ slot: `seller-order:${ws}:${id}`, schema: orderDto }),
};
const userId = () => useAuthStore.getState().user?.id ?? null;

/** One order, or offline the copy last read of it or of the list it was in. */
async function readOrder(ws: number, id: string): Promise<OrderDto> {
  try {
    return await withOfflineCopy(userId(), kept.one(ws, id), () => call(c.sellerOrder, { params: { id: ws, orderId: id } }));
  } catch (err) {
    const user = userId();
    const listed = user !== null && isOffline(err) ? readCached(user, kept.list(ws, ''))?.orders.find((o) => o.id === id) : undefined;
    if (listed) return listed;
    throw err;
  }
}

const noChanges: readonly OrderChange[] = [];

/**
 * Order status changes on this device, live (none while the device data opens): one order's, or
 * the workspace's still waiting to sync (the list needs no more, and the changes of every order
 * ever made need not be read). When the server answers one, the orders are read again: the answer
 * has changed them, or not.
 */
function useOrderChanges(workspaceId: number, orderId?: string): readonly OrderChange[] {
  const data = useUserData();
  const client = useQueryClient();
  const changes = useLiveQuery(
    () =>
      data
        ? data.db.order_changes
            .find({
              selector: orderId
                ? { workspace_id: workspaceId, order_id: orderId }
                : { workspace_id: workspaceId, outcome: { $exists: false } },
            })
            .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON())))
        : null,
    [data, workspaceId, orderId],
  );
  const list = changes.data ?? noChanges;
  const waiting = useRef<readonly string[]>([]);
  useEffect(() => {
    if (changes.status !== 'ready') return;
    if (answeredSince(waiting.current, list)) {
      void client.invalidateQueries({ queryKey: ['seller-orders', workspaceId] });
      void client.invalidateQueries({ queryKey: ['seller-order', workspaceId] });
    }
    waiting.current = pendingIds(list);
  }, [list, changes.status, client, workspaceId]);
  return list;
}

const filterOptions = [{ value: '', label: 'All orders' }, ...orderStatus.options.map((s) => ({ value: s, label: orderStatusLabels[s] }))];

/**
 * /workspace/{id}/orders: the marketplace orders buyers placed with this workspace, newest first.
 * Read from the server, and with no network from the copy last read on this device.
 */
export function SellerOrdersPage() {
  const { workspaceId } = listRoute.useParams();
  const [status, setStatus] = useState<string>('');
  const orders = useQuery({
    queryKey: keys.list(workspaceId, status),
    queryFn: () =>
      withOfflineCopy(userId(), kept.list(workspaceId, status), () =>
        call(c.sellerOrders, { params: { id: workspaceId }, query: status ? { status: status as OrderStatus } : {} }),
      ),
  });
  const online = useOnline();
  const dates = useWorkspaceDates();
  const changes = useOrderChanges(workspaceId);
  return (
    <section className={p.page} aria-labelledby="orders-title">
      <header className={p.pageHeader}>
        <div>
          <h1 className={p.title} id="orders-title">
            Orders
          </h1>
          <p className={p.muted}>What buyers ordered from your storefront in the marketplace.</p>
        </div>
        <div style={{ minWidth: '12rem' }}>
          <SelectField label="Show" value={status} options={filterOptions} onChange={setStatus} />
        </div>
      </header>
      {online ? null : <OfflineNote />}
      {orders.isPending ? (
        <Spinner label="Loading orders" />
      ) : orders.isError ? (
        <LoadError title="Could not load the orders" message={serverMessage(orders.error)} onRetry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <EmptyState title={status ? 'No orders with this status' : 'No orders yet'}>
          <p className={p.muted}>Orders appear here once a buyer pays for products from your storefront.</p>
        </EmptyState>
      ) : (
        <ul className={p.list} aria-label="Orders">
          {orders.data.orders.map((listed) => {
            const seen = seenOrder(listed, changes);
            const o = seen.order;
            return (
              <li key={o.id} className={p.listItem} data-testid="seller-order">
                <div className={p.itemMain}>
                  <Link to="/workspace/$workspaceId/orders/$orderId" params={{ workspaceId, orderId: o.id }} className={p.itemName}>
                    {o.order_number}
                  </Link>
                  <span className={p.muted}>
                    {o.buyer.name} · {o.items.reduce((n, i) => n + i.quantity, 0)} items · {dates.date(o.created_at)}
                  </span>
                </div>
                <strong>{money(o, o.total_cents)}</strong>
                <span className={m.badges}>
                  <OrderBadges order={o} />
                  {seen.pending ? (
                    <span className={m.badge.warn} data-testid="order-pending">
                      Waiting to sync
                    </span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** /workspace/{id}/orders/{order}: one order, its status moves and refunds. */
export function SellerOrderPage() {
  const { workspaceId, orderId } = orderRoute.useParams();
  const workspace = useWorkspace(workspaceId);
  const canRefund = workspace.data?.role === 'owner' || workspace.data?.role === 'admin';
  const order = useQuery({
    queryKey: keys.one(workspaceId, orderId),
    queryFn: () => readOrder(workspaceId, orderId),
  });
  const online = useOnline();
  const dates = useWorkspaceDates();
  const changes = useOrderChanges(workspaceId, orderId);
  const seen = order.data ? seenOrder(order.data, changes) : null;
  return (
    <section className={p.page} aria-labelledby="order-title">
      <p>
        <Link to="/workspace/$workspaceId/orders" params={{ workspaceId }}>
          ← All orders
        </Link>
      </p>
      {order.isPending ? (
        <Spinner label="Loading the order" />
      ) : order.isError ? (
        <LoadError title="Could not load the order" message={serverMessage(order.error)} onRetry={() => void order.refetch()} />
      ) : (
        <div className={p.stack}>
          <OrderSummary
            order={seen?.order ?? order.data}
            heading={
              <h1 className={p.title} id="order-title">
                Order {order.data.order_number}
              </h1>
            }
          >
            <p className={p.muted}>
              Buyer: {order.data.buyer.name} · {order.data.buyer.email}
            </p>
          </OrderSummary>
          {online ? null : <OfflineNote />}
          {seen ? (
            <DeviceDataGate inline opening="Opening this device's orders...">
              {(data) => <StatusCard data={data} workspaceId={workspaceId} seen={seen} />}
            </DeviceDataGate>
          ) : null}
          {online && canRefund && !seen?.pending ? <RefundCard workspaceId={workspaceId} order={order.data} /> : null}
          {order.data.payments.length > 0 ? (
            <Card aria-labelledby="payments-title">
              <h2 className={p.sectionTitle} id="payments-title">
                Payments
              </h2>
              <ul className={p.list}>
                {order.data.payments.map((pay, i) => (
                  <li key={i} className={p.muted}>
                    {paymentLabel(pay)} {money(order.data, pay.amount_cents)} on {dates.dateTime(pay.created_at)}
                    {pay.note ? ` · ${pay.note}` : ''}
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** With no network: what is shown is the last copy read; status changes wait on the device, refunds for a connection. */
function OfflineNote() {
  return (
    <Notice tone="warning" title="You are offline">
      <p className={p.muted}>
        These are the orders as this device last read them. A status change is kept on this device and sent when you are back online;
        refunding an order needs a connection.
      </p>
    </Notice>
  );
}

function useSaveOrder(workspaceId: number) {
  const client = useQueryClient();
  return (saved: OrderDto) => {
    client.setQueryData(keys.one(workspaceId, saved.id), saved);
    void client.invalidateQueries({ queryKey: ['seller-orders', workspaceId] });
  };
}

function RefundCard({ workspaceId, order }: { workspaceId: number; order: OrderDto }) {
  const save = useSaveOrder(workspaceId);
  const left = order.total_cents - order.refunded_cents;
  const [amount, setAmount] = useState('');
  const [restock, setRestock] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: () => {
      const rand = amount.trim() ? Number(amount.replace(',', '.')) : null;
      if (rand !== null && (!Number.isFinite(rand) || rand <= 0)) throw new Error('Enter an amount in rand, e.g. 49.90');
      return call(c.refundOrder, {
        params: { id: workspaceId, orderId: order.id },
        body: { amount_cents: rand === null ? undefined : Math.round(rand * 100), restock, note: note.trim() || undefined },
      });
    },
    onSuccess: (saved) => {
      save(saved);
      setError(null);
      setAmount('');
      setNote('');
      toast({ title: 'Refund sent to the buyer’s card', variant: 'success' });
    },
    onError: (err) => setError(failureMessage(err)),
  });
  if (order.payment_status !== 'paid' && order.payment_status !== 'partially_refunded') return null;
  return (
    <Card aria-labelledby="refund-title">
      <h2 className={p.sectionTitle} id="refund-title">
        Refund
      </h2>
      <form
        className={p.stack}
        onSubmit={(e) => {
          e.preventDefault();
          refund.mutate();
        }}
      >
        <TextField
          label="Amount (R)"
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          placeholder={(left / 100).toFixed(2)}
          description={`Leave empty to refund all that is left: ${money(order, left)}`}
        />
        <TextField label="Reason (optional)" value={note} onChange={setNote} />
        <CheckboxField isSelected={restock} onChange={setRestock}>
          Put the items back in stock
        </CheckboxField>
        {error ? (
          <Notice tone="error" title="Not refunded">
            <p className={p.muted}>{error}</p>
          </Notice>
        ) : null}
        <div>
          <Button type="submit" variant="secondary" isPending={refund.isPending}>
            Refund
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** A payment line as the seller reads it: a refund says whether the bank has answered, and how. */
function paymentLabel(pay: OrderDto['payments'][number]): string {
  if (pay.kind === 'charge') return 'Paid';
  if (pay.refund_status === 'pending') return 'Refund on its way:';
  if (pay.refund_status === 'failed') return 'Refund turned back by the bank (still with you):';
  return 'Refunded';
}
