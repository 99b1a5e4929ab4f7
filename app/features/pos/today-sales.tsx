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
 * Today's takings from the till, as the till's own list counts them: completed sales that were not
 * voided, less the refunds made. Totals are worked out from the lines, as the till does, so a sale or
 * refund made offline (whose server totals have not come back yet) counts the same as a synced one.
 */
export function salesSummary(orders: readonly PosOrder[]): { count: number; totalCents: number; refundedCents: number } {
  const done = orders.filter((o) => o.status === 'completed');
  const voided = new Set(done.filter((o) => o.kind === 'void' && o.original_order_id).map((o) => o.original_order_id));
  let count = 0;
  let soldCents = 0;
  let refundedCents = 0;
  for (const o of done) {
    if (o.kind === 'refund') refundedCents += orderFigures(o).total_cents;
    if (o.kind !== 'sale' || voided.has(o.id)) continue;
    count++;
    soldCents += orderFigures(o).total_cents;
  }
  return { count, totalCents: soldCents - refundedCents, refundedCents };
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
        : `${sales.count} ${sales.count === 1 ? 'sale' : 'sales'} today, ${formatCents(sales.totalCents, currency)} taken${
            sales.refundedCents > 0 ? ` after ${formatCents(sales.refundedCents, currency)} refunded` : ''
          }.`}{' '}
      <Link to="/workspace/$workspaceId/pos" params={{ workspaceId }}>
        Open the till
      </Link>
    </p>
  );
}
