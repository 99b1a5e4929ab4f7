import { combineLatest, map } from 'rxjs';
import type { CalendarEntry, CalendarSource } from '../../module';

/** Colours of the documents on the calendar (distinct from the planner's own gold). */
const DUE_COLOR = '#E4572E';
const EXPIRY_COLOR = '#4C9AFF';

/**
 * The invoices module on the planner's calendar: when each open invoice falls due and when each
 * open quote expires, from the device database (offline too), live.
 */
export const documentDates: CalendarSource = (data, workspaceId) =>
  combineLatest([
    data.db.invoices.find({ selector: { workspace_id: workspaceId } }).$,
    data.db.quotes.find({ selector: { workspace_id: workspaceId } }).$,
  ]).pipe(
    map(([invoices, quotes]) => {
      const entries: CalendarEntry[] = [];
      for (const inv of invoices) {
        if (!inv.due_date || inv.kind === 'credit_note' || inv.status === 'cancelled' || inv.status === 'paid') continue;
        entries.push({
          key: `invoices:${inv.id}`,
          date: inv.due_date,
          title: `${inv.invoice_number ?? 'Invoice'} · ${inv.customer_name}`,
          kind: 'Invoice due',
          color: DUE_COLOR,
          link: `/workspace/${workspaceId}/invoices/${inv.id}`,
        });
      }
      for (const q of quotes) {
        if (!q.expiry_date || q.converted_to_invoice_id || (q.status !== 'draft' && q.status !== 'sent')) continue;
        entries.push({
          key: `quotes:${q.id}`,
          date: q.expiry_date,
          title: `${q.quote_number ?? 'Quote'} · ${q.customer_name}`,
          kind: 'Quote expires',
          color: EXPIRY_COLOR,
          link: `/workspace/${workspaceId}/invoices/${q.id}`,
        });
      }
      return entries;
    }),
  );
