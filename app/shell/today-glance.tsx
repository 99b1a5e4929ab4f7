import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { formatCents } from '../../schema/money';
import { useWorkspaceDates } from '../kit/date-format';
import { useInvoices } from '../features/invoices/use-documents';
import { startOfToday, useOrdersSince } from '../features/pos/use-pos';
import { useUserData } from './sync/user-data';
import type { UserData } from '../data/db';
import { receivablesSummary, salesSummary } from './today-figures';
import { useWorkspaceSettings } from '../kit/workspace-queries';
import * as s from '../ui/page.css';

/** The dashboard's "Today": takings at the till and invoices waiting to be paid, from the device database (works offline). */
export function TodayGlance({ workspaceId }: { workspaceId: number }) {
  const data = useUserData();
  return (
    <Card aria-labelledby="today-title">
      <h2 className={s.sectionTitle} id="today-title">
        Today
      </h2>
      {data === null ? <Spinner label="Adding up today" /> : <Figures data={data} workspaceId={workspaceId} />}
    </Card>
  );
}

function Figures({ data, workspaceId }: { data: UserData; workspaceId: number }) {
  const since = useMemo(() => startOfToday(), []);
  const orders = useOrdersSince(data, workspaceId, since);
  const invoices = useInvoices(data, workspaceId);
  const currency = useWorkspaceSettings(workspaceId).data?.currency ?? 'ZAR';
  const today = useWorkspaceDates().today();
  if (orders === null || invoices === null) return <Spinner label="Adding up today" />;
  const sales = salesSummary(orders);
  const owed = receivablesSummary(invoices, today);
  return (
    <div className={s.stack}>
      <p className={s.muted} data-testid="today-sales">
        {sales.count === 0
          ? 'No sales yet today.'
          : `${sales.count} ${sales.count === 1 ? 'sale' : 'sales'} today, ${formatCents(sales.totalCents, currency)} taken.`}{' '}
        <Link to="/workspace/$workspaceId/pos" params={{ workspaceId }}>
          Open the till
        </Link>
      </p>
      <p className={s.muted} data-testid="today-invoices">
        {owed.count === 0
          ? 'No invoices waiting to be paid.'
          : `${owed.count} ${owed.count === 1 ? 'invoice' : 'invoices'} waiting to be paid (${owed.byCurrency
              .map((c) => formatCents(c.cents, c.currency))
              .join(' + ')})${owed.overdue > 0 ? `, ${owed.overdue} overdue` : ''}.`}{' '}
        <Link to="/workspace/$workspaceId/invoices" params={{ workspaceId }} search={{}}>
          Open invoices
        </Link>
      </p>
    </div>
  );
}
