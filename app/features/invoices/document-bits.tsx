import { statusLabels, type InvoiceShownStatus, type QuoteShownStatus } from './document-status';
import * as s from './invoices.css';

const tones: Record<InvoiceShownStatus | QuoteShownStatus, keyof typeof s.status> = {
  draft: 'neutral',
  sent: 'neutral',
  partially_paid: 'warn',
  paid: 'good',
  accepted: 'good',
  converted: 'good',
  cancelled: 'bad',
  declined: 'bad',
  overdue: 'warn',
  expired: 'warn',
};

export function StatusBadge({ status }: { status: InvoiceShownStatus | QuoteShownStatus }) {
  return (
    <span className={s.status[tones[status]]} data-testid="document-status">
      {statusLabels[status]}
    </span>
  );
}

export const NO_NUMBER = 'No number yet';
