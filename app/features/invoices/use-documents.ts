import { useEffect, useState } from 'react';
import type { Invoice, Quote } from '../../../schema/invoices';
import type { UserData } from '../../data/db';
import { useOnline } from '../pwa/online';
import { numbersLeft, topUpAndAssign } from './numbering';

/** Newest first by issue date, then by number. */
function byIssueDesc(a: { issue_date: string; updated_at: string }, b: { issue_date: string; updated_at: string }) {
  return b.issue_date.localeCompare(a.issue_date) || b.updated_at.localeCompare(a.updated_at);
}

/** The workspace's invoices on this device, live; null while loading. */
export function useInvoices(data: UserData, workspaceId: number): Invoice[] | null {
  const [list, setList] = useState<Invoice[] | null>(null);
  useEffect(() => {
    const sub = data.db.invoices.find({ selector: { workspace_id: workspaceId } }).$.subscribe((docs) => {
      setList(docs.map((d) => d.toMutableJSON()).sort(byIssueDesc));
    });
    return () => sub.unsubscribe();
  }, [data, workspaceId]);
  return list;
}

export function useQuotes(data: UserData, workspaceId: number): Quote[] | null {
  const [list, setList] = useState<Quote[] | null>(null);
  useEffect(() => {
    const sub = data.db.quotes.find({ selector: { workspace_id: workspaceId } }).$.subscribe((docs) => {
      setList(docs.map((d) => d.toMutableJSON()).sort(byIssueDesc));
    });
    return () => sub.unsubscribe();
  }, [data, workspaceId]);
  return list;
}

export type LoadedDocument = { kind: 'invoice'; doc: Invoice } | { kind: 'quote'; doc: Quote };

/** One invoice or quote by id, live: undefined while loading, null when it is not on this device. */
export function useDocument(data: UserData, id: string): LoadedDocument | null | undefined {
  const [invoice, setInvoice] = useState<Invoice | null | undefined>(undefined);
  const [quote, setQuote] = useState<Quote | null | undefined>(undefined);
  useEffect(() => {
    const a = data.db.invoices.findOne(id).$.subscribe((d) => setInvoice(d ? d.toMutableJSON() : null));
    const b = data.db.quotes.findOne(id).$.subscribe((d) => setQuote(d ? d.toMutableJSON() : null));
    return () => {
      a.unsubscribe();
      b.unsubscribe();
    };
  }, [data, id]);
  if (invoice) return { kind: 'invoice', doc: invoice };
  if (quote) return { kind: 'quote', doc: quote };
  if (invoice === undefined || quote === undefined) return undefined;
  return null;
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
    if (online) void topUpAndAssign(data, workspaceId).catch(() => undefined).then(count);
    return () => {
      live = false;
    };
  }, [data, workspaceId, online]);
  return left;
}
