import { formatZarCents, type CreditTransactionDto, type PaymentDto } from '../../../schema/billing/billing';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { EmptyState, LoadError } from '../../ui/feedback';
import * as s from '../../ui/page.css';
import { serverMessage } from '../../kit/workspace-queries';
import { useBillingHistory } from './billing-queries';
import { useWorkspaceDates } from '../../kit/date-format';
import * as b from './billing.css';

const statusLabel = { success: 'Paid', failed: 'Failed', pending: 'Not completed' } as const;

/** Card payments and the AI credit ledger, newest first. */
export function HistoryPanel() {
  const history = useBillingHistory();
  if (history.isPending) return <Spinner label="Loading billing history..." />;
  if (history.isError) {
    return (
      <LoadError
        title="Could not load your billing history"
        message={serverMessage(history.error)}
        onRetry={() => void history.refetch()}
      />
    );
  }
  const { payments, credit_transactions: credits } = history.data;
  return (
    <div className={s.stack}>
      <Card aria-labelledby="payments-title">
        <h2 className={s.sectionTitle} id="payments-title">
          Payments
        </h2>
        {payments.length === 0 ? (
          <EmptyState title="No payments yet">
            <p className={s.muted}>Plan and credit purchases appear here.</p>
          </EmptyState>
        ) : (
          <ul className={s.list} aria-label="Payments">
            {payments.map((p) => (
              <PaymentItem key={p.reference} payment={p} />
            ))}
          </ul>
        )}
      </Card>
      <Card aria-labelledby="credit-log-title">
        <h2 className={s.sectionTitle} id="credit-log-title">
          AI credit activity
        </h2>
        {credits.length === 0 ? (
          <EmptyState title="No credit activity yet">
            <p className={s.muted}>Credits you buy, receive with your plan or spend appear here.</p>
          </EmptyState>
        ) : (
          <ul className={s.list} aria-label="AI credit activity">
            {credits.map((c) => (
              <CreditItem key={c.id} entry={c} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function PaymentItem({ payment: p }: { payment: PaymentDto }) {
  const dates = useWorkspaceDates();
  return (
    <li className={s.listItem} aria-label={`${p.description}, ${statusLabel[p.status]}`}>
      <div className={s.itemMain}>
        <p className={s.itemName}>{p.description}</p>
        <p className={`${s.muted} ${s.small}`}>
          {dates.dateTime(p.created_at)}
          {p.card ? ` · ${p.card}` : ''}
          {p.discount_cents > 0 ? ` · ${formatZarCents(p.discount_cents)} promo discount` : ''}
          {p.status === 'failed' && p.message ? ` · ${p.message}` : ''}
        </p>
      </div>
      <div className={s.row}>
        <span className={p.status === 'success' ? s.badge.accent : s.badge.neutral}>{statusLabel[p.status]}</span>
        <span className={b.amount}>{formatZarCents(p.amount_cents)}</span>
      </div>
    </li>
  );
}

function CreditItem({ entry }: { entry: CreditTransactionDto }) {
  const dates = useWorkspaceDates();
  return (
    <li className={s.listItem}>
      <div className={s.itemMain}>
        <p className={s.itemName}>{entry.description}</p>
        <p className={`${s.muted} ${s.small}`}>{dates.dateTime(entry.created_at)}</p>
      </div>
      <span className={entry.amount >= 0 ? b.positive : b.negative}>
        {entry.amount >= 0 ? '+' : ''}
        {entry.amount} credits
      </span>
    </li>
  );
}
