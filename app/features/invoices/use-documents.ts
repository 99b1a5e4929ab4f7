import { useEffect, useState } from 'react';
import { combineLatest, map } from 'rxjs';
import type { Invoice, Quote } from '../../../schema/invoices/invoices';
import type { UserData } from '../../data/db';
import { useLiveQuery } from '../../data/use-live-query';
import { useOnline } from '../../kit/online';
import { numbersLeft, topUpAndAssign } from './numbering';

/** Newest first by issue date, then by number. */
function byIssueDesc(a: { issue_date: string; updated_at: string }, b: { issue_date: string; updated_at: string }) {
  return b.issue_date.localeCompare(a.issue_date) || b.updated_at.localeCompare(a.updated_at);
}

/** The workspace's invoices on this device (not their credit notes), live; null while loading. */
export function useInvoices(data: UserData, workspaceId: number): Invoice[] | null {
  return useLiveQuery(
    () =>
      data.db.invoices.find({ selector: { workspace_id: workspaceId } }).$.pipe(
        map((docs) =>
          docs
            .map((d) => d.toMutableJSON())
            .filter((d) => d.kind !== 'credit_note')
            .sort(byIssueDesc),
        ),
      ),
    [data, workspaceId],
  ).data;
}

/** The workspace's credit notes on this device, newest first, live; null while loading. */
export function useWorkspaceCreditNotes(data: UserData, workspaceId: number): Invoice[] | null {
  return useLiveQuery(
    () =>
      data.db.invoices
        .find({ selector: { workspace_id: workspaceId, kind: 'credit_note' } })
        .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()).sort(byIssueDesc))),
    [data, workspaceId],
  ).data;
}

export function useQuotes(data: UserData, workspaceId: number): Quote[] | null {
  return useLiveQuery(
    () =>
      data.db.quotes
        .find({ selector: { workspace_id: workspaceId } })
        .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()).sort(byIssueDesc))),
    [data, workspaceId],
  ).data;
}

/** The credit notes written against an invoice, live, oldest first. */
export function useCreditNotes(data: UserData, invoice: Pick<Invoice, 'id' | 'workspace_id'>): Invoice[] {
  return (
    useLiveQuery(
      () =>
        data.db.invoices
          .find({ selector: { workspace_id: invoice.workspace_id, kind: 'credit_note', credit_for_invoice_id: invoice.id } })
          .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()).sort((a, b) => a.issue_date.localeCompare(b.issue_date)))),
      [data, invoice.id, invoice.workspace_id],
    ).data ?? []
  );
}

export type LoadedDocument = { kind: 'invoice'; doc: Invoice } | { kind: 'quote'; doc: Quote };

/** The number the document carries: an invoice's, a credit note's (CRN-…) or a quote's. */
export function documentNumber(loaded: LoadedDocument): string | undefined {
  if (loaded.kind === 'quote') return loaded.doc.quote_number;
  return loaded.doc.kind === 'credit_note' ? loaded.doc.credit_note_number : loaded.doc.invoice_number;
}

/** One invoice or quote by id, live: undefined while loading, null when it is not on this device. */
export function useDocument(data: UserData, id: string): LoadedDocument | null | undefined {
  const query = useLiveQuery(
    () =>
      combineLatest([data.db.invoices.findOne(id).$, data.db.quotes.findOne(id).$]).pipe(
        map(([invoice, quote]): LoadedDocument | null => {
          if (invoice) return { kind: 'invoice', doc: invoice.toMutableJSON() };
          if (quote) return { kind: 'quote', doc: quote.toMutableJSON() };
          return null;
        }),
      ),
    [data, id],
  );
  return query.status === 'ready' ? query.data : undefined;
}

/**
 * While an invoices screen is open and the browser is online, keeps document numbers in hand and
 * numbers the drafts this device saved without one.
 */
export function useNumberKeeper(data: UserData, workspaceId: number): { invoice: number; quote: number } | null {
  const online = useOnline();
  const [left, setLeft] = useState<{ invoice: number; quote: number } | null>(null);
  useEffect(() => {
    let live = true;
    const count = async () => {
      const [invoice, quote] = await Promise.all([numbersLeft(data, workspaceId, 'invoice'), numbersLeft(data, workspaceId, 'quote')]);
      if (live) setLeft({ invoice, quote });
    };
    void count();
    if (online)
      void topUpAndAssign(data, workspaceId)
        .catch(() => undefined)
        .then(count);
    return () => {
      live = false;
    };
  }, [data, workspaceId, online]);
  return left;
}
