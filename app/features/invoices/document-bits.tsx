import { statusLabels, type InvoiceShownStatus, type QuoteShownStatus } from './document-status';
import * as s from './invoices.css';

const tones: Record<InvoiceShownStatus | QuoteShownStatus, keyof typeof s.status> = {
  draft: 'neutral',
  sent: 'neutral',
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

/** "12 Mar 2026" for a YYYY-MM-DD date, read as a calendar day (no time-zone shift). */
export function formatDate(iso: string | undefined): string {
  if (!iso) return '—';
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export const NO_NUMBER = 'No number yet';
