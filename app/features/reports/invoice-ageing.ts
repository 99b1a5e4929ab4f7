import type { Invoice } from '../../../schema/invoices/invoices';

/** Age bands of what is owed, by days since the invoice was issued. */
export const ageBands = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeBand = (typeof ageBands)[number];
export const ageBandLabels: Record<AgeBand, string> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function bandOf(ageDays: number): AgeBand {
  if (ageDays <= 30) return '0-30';
  if (ageDays <= 60) return '31-60';
  if (ageDays <= 90) return '61-90';
  return '90+';
}

export interface OwedLine {
  id: string;
  number: string;
  customer: string;
  issue_date: string;
  due_date: string | null;
  age_days: number;
  band: AgeBand;
  due_cents: number;
  currency: string;
}

/** One currency's owed money in each band. */
export interface AgeingTotals {
  currency: string;
  count: number;
  bands: Record<AgeBand, number>;
  total_cents: number;
}

/**
 * What invoices still have due (after credit notes and payments: `owed` is the invoices module's own
 * list, the dashboard's), by age on `today` in the workspace's zone: oldest first, and per currency
 * (amounts in two currencies are never added together). An invoice dated ahead counts as 0 days.
 */
export function invoiceAgeing(owed: readonly { invoice: Invoice; due_cents: number }[], today: string) {
  const lines: OwedLine[] = owed.map(({ invoice, due_cents }) => {
    const age = Math.max(0, daysBetween(invoice.issue_date, today));
    return {
      id: invoice.id,
      number: invoice.invoice_number ?? 'Not numbered yet',
      customer: invoice.customer_name,
      issue_date: invoice.issue_date,
      due_date: invoice.due_date ?? null,
      age_days: age,
      band: bandOf(age),
      due_cents,
      currency: invoice.currency,
    };
  });
  lines.sort((a, b) => b.age_days - a.age_days || a.number.localeCompare(b.number));
  const totals = new Map<string, AgeingTotals>();
  for (const l of lines) {
    const t = totals.get(l.currency) ?? {
      currency: l.currency,
      count: 0,
      bands: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 },
      total_cents: 0,
    };
    t.count += 1;
    t.bands[l.band] += l.due_cents;
    t.total_cents += l.due_cents;
    totals.set(l.currency, t);
  }
  return { lines, totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)) };
}
