import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { formatCents } from '../../../schema/kit/money';
import type { UserData } from '../../data/db';
import { useWorkspaceSettings } from '../../kit/workspace-queries';
import { Spinner } from '../../ui/spinner';
import * as s from '../../ui/page.css';
import { salesSummary } from './figures';
import { startOfToday, useOrdersSince } from './use-pos';

export { salesSummary } from './figures';

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
