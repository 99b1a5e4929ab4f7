import { Link } from '@tanstack/react-router';
import { formatCents } from '../../../schema/kit/money';
import type { Invoice } from '../../../schema/invoices/invoices';
import type { UserData } from '../../data/db';
import { useWorkspaceDates } from '../../kit/date-format';
import { Spinner } from '../../ui/spinner';
import * as s from '../../ui/page.css';
import { invoiceShownStatus } from './document-status';
import { owedInvoices } from './receivables';
import { useInvoices } from './use-documents';

/**
 * Invoices sent and not yet paid in full: how many, how many overdue, and what is still due on them
 * per currency (each invoice's total less its credit notes and payments). A credit note is not an
 * invoice waiting to be paid, and an invoice its credit notes cover in full owes nothing.
 */
export function receivablesSummary(invoices: readonly Invoice[], today: string) {
  const byCurrency = new Map<string, number>();
  let count = 0;
  let overdue = 0;
  for (const { invoice: inv, due_cents: due } of owedInvoices(invoices)) {
    count++;
    if (invoiceShownStatus(inv, today) === 'overdue') overdue++;
    byCurrency.set(inv.currency, (byCurrency.get(inv.currency) ?? 0) + due);
  }
  return { count, overdue, byCurrency: [...byCurrency].map(([currency, cents]) => ({ currency, cents })) };
}

/** The invoices' line in the dashboard's "Today" card (works offline). */
export function TodayInvoices({ data, workspaceId }: { data: UserData; workspaceId: number }) {
  const invoices = useInvoices(data, workspaceId);
  const today = useWorkspaceDates().today();
  if (invoices === null) return <Spinner label="Adding up today" />;
  const owed = receivablesSummary(invoices, today);
  return (
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
  );
}
