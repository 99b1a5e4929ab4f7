import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { formatCents } from '../../../schema/kit/money';
import { orderFigures, type PosOrder } from '../../../schema/pos/pos';
import type { UserData } from '../../data/db';
import { useWorkspaceSettings } from '../../kit/workspace-queries';
import { Spinner } from '../../ui/spinner';
import * as s from '../../ui/page.css';
import { startOfToday, useOrdersSince } from './use-pos';

/**
 * Today's takings from the till: completed sales that were not voided. Totals are worked out from
 * the lines, as the till does, so a sale made offline (whose server totals have not come back yet)
 * counts the same as a synced one.
 */
export function salesSummary(orders: readonly PosOrder[]): { count: number; totalCents: number } {
  const voided = new Set(orders.filter((o) => o.kind === 'void' && o.original_order_id).map((o) => o.original_order_id));
  let count = 0;
  let totalCents = 0;
  for (const o of orders) {
    if (o.kind !== 'sale' || o.status !== 'completed' || voided.has(o.id)) continue;
    count++;
    totalCents += orderFigures(o).total_cents;
  }
  return { count, totalCents };
}

/** The till's line in the dashboard's "Today" card (works offline). */
export function TodaySales({ data, workspaceId }: { data: UserData; workspaceId: number }) {
  const since = useMemo(() => startOfToday(), []);
  const orders = useOrdersSince(data, workspaceId, since);
  const currency = useWorkspaceSettings(workspaceId).data?.currency ?? 'ZAR';
  if (orders === null) return <Spinner label="Adding up today" />;
  const sales = salesSummary(orders);
  return (
    <p className={s.muted} data-testid="today-sales">
      {sales.count === 0
        ? 'No sales yet today.'
        : `${sales.count} ${sales.count === 1 ? 'sale' : 'sales'} today, ${formatCents(sales.totalCents, currency)} taken.`}{' '}
      <Link to="/workspace/$workspaceId/pos" params={{ workspaceId }}>
        Open the till
      </Link>
    </p>
  );
}
