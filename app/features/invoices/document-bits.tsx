import type { ReactNode } from 'react';
import type { UserData } from '../../data/db';
import { PageSpinner } from '../../ui/spinner';
import { useUserData, useUserDataStore } from '../sync/user-data';
import { Notice } from '../../ui/feedback';
import { statusLabels, type InvoiceShownStatus, type QuoteShownStatus } from './document-status';
import * as s from './invoices.css';

/** Renders its child once the device database is open (invoices live there, so they work offline). */
export function WithDeviceData({ children }: { children: (data: UserData) => ReactNode }) {
  const data = useUserData();
  const openError = useUserDataStore((st) => st.error);
  if (openError) return <Notice tone="error" title="This device's data could not be opened">{openError}</Notice>;
  if (!data) return <PageSpinner label="Opening this device's data..." />;
  return <>{children(data)}</>;
}

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
