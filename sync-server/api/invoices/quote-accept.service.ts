import { randomUUID } from 'node:crypto';
import type { PublicQuoteDto } from '../../../schema/invoices/contract.js';
import { formatDocumentNumber, invoices, quotes, totalsOfDocument } from '../../../schema/invoices/invoices.js';
import { acceptMessages, invoiceFromQuote, quoteStanding, type QuoteStanding } from '../../../schema/invoices/quote-acceptance.js';
import { noCountryDefaults } from '../../../schema/kit/countries.js';
import { calendarDayIn } from '../../../schema/kit/dates.js';
import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../http/errors.js';
import { enforceRateLimits } from '../../http/rate-limit.js';
import { rowToDoc } from '../../sync/codec.js';
import { selectByIds, workspaceLock, writeDocs } from '../../sync/sync.repo.js';
import { takeServerNumber } from '../number-blocks/index.js';
import { renderable } from './invoice-delivery.jobs.js';
import { notifySellerQuoteAccepted } from './quote-accepted.mail.js';
import { publicDocumentFields } from './public-document.js';
import * as links from './quote-links.repo.js';

/**
 * "Accept quote" is open to anyone holding a link: per client address at most this many presses in
 * the window, counted before the token is checked (so guessing tokens is slowed too).
 */
export const ACCEPT_QUOTE_LIMIT = { max: 20, windowSeconds: 600 } as const;

/** The workspace's calendar day now: a quote valid until a day may be accepted all of that day, there. */
async function today(deps: AppDeps, q: Queryable, workspaceId: number): Promise<string> {
  return calendarDayIn(deps.now(), (await links.workspaceTimezone(q, workspaceId)) ?? noCountryDefaults.timezone);
}

/** The quote a public link opens; a wrong or missing token, another workspace's number or a draft is the same plain not-found. */
async function linkedQuote(deps: AppDeps, slug: string, number: string, token: string | undefined) {
  if (!token) throw notFound();
  const link = await links.quoteByLink(deps.db, slug, number, token);
  const found = link && (await renderable(deps.db, link.workspace_id, 'quote', link.quote_id, true));
  if (!link || !found || found.doc.status === 'draft') throw notFound();
  return { link, found };
}

/**
 * The quote a public link shows, as its PDF does (the seller as fixed when it was issued), with
 * whether it can still be accepted. Opening it marks it viewed.
 */
export async function publicQuote(deps: AppDeps, slug: string, number: string, token: string | undefined): Promise<PublicQuoteDto> {
  const { link, found } = await linkedQuote(deps, slug, number, token);
  await links.markQuoteViewed(deps.db, link.workspace_id, link.quote_id, deps.now());
  const { pdf, seller } = found.rendered;
  const doc = found.doc;
  const standing = quoteStanding(
    {
      status: doc.status === 'accepted' || doc.status === 'declined' || doc.status === 'sent' ? doc.status : 'sent',
      expiry_date: pdf.endDate,
      converted_to_invoice_id: typeof doc.converted_to_invoice_id === 'string' ? doc.converted_to_invoice_id : undefined,
      _deleted: link.deleted,
    },
    await today(deps, deps.db, link.workspace_id),
  );
  return {
    ...publicDocumentFields(pdf, seller),
    standing,
    valid_until: pdf.endDate ?? null,
    notes: pdf.notes ?? null,
    terms: typeof doc.terms === 'string' ? doc.terms : null,
  };
}

/**
 * Converts a quote its customer accepted, as the app's "Convert to invoice" does: a new draft invoice
 * with the quote's customer and lines (numbered from the server's own one-number block), and the
 * quote marked accepted and pointing at it. Both are written as server changes to the replicated
 * documents under the workspace's sync lock (next feed numbers, NOTIFY), so every device pulls them
 * and a push made meanwhile from an older copy meets them as a conflict, never overwrites them. The
 * seller is told in the same transaction. Returns why not when the quote is no longer open; under
 * the lock a second press (double click, second tab) finds it accepted and converts nothing.
 */
export async function convertAcceptedQuote(
  deps: AppDeps,
  tx: Queryable,
  workspaceId: number,
  quoteId: string,
): Promise<{ converted: string } | { refused: Exclude<QuoteStanding, 'open'> } | undefined> {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [...workspaceLock(workspaceId)]);
  const [row] = await selectByIds(tx, quotes, workspaceId, [quoteId]);
  const stored = row ? rowToDoc(quotes, row) : undefined;
  const parsed = stored ? quotes.doc.safeParse(stored) : undefined;
  if (!stored || !parsed?.success || parsed.data.status === 'draft') return undefined;
  const quote = parsed.data;
  const day = await today(deps, tx, workspaceId);
  const standing = quoteStanding({ ...quote, _deleted: stored._deleted === true }, day);
  if (standing !== 'open') return { refused: standing };
  const n = await takeServerNumber(tx, workspaceId, 'invoice', `quote-accepted:${quote.id}`);
  const at = deps.now().toISOString();
  const invoice = invoiceFromQuote(quote, {
    id: randomUUID(),
    today: day,
    updatedAt: at,
    invoiceNumber: formatDocumentNumber('invoice', n),
  });
  const totals = totalsOfDocument(invoice);
  await writeDocs(tx, invoices, workspaceId, [{ ...invoice, ...totals, workspace_id: workspaceId, deleted: false }], {
    derived: Object.keys(totals),
    onlyNew: true,
  });
  await writeDocs(tx, quotes, workspaceId, [
    { ...stored, status: 'accepted', converted_to_invoice_id: invoice.id, updated_at: at, workspace_id: workspaceId, deleted: false },
  ]);
  await notifySellerQuoteAccepted(tx, { workspaceId, quote, invoice: { id: invoice.id, number: invoice.invoice_number ?? '' } });
  return { converted: invoice.id };
}

/** "Accept quote" on the public page: converts it once, or says why it cannot be accepted (409). */
export async function acceptQuote(deps: AppDeps, slug: string, number: string, body: { t?: string }, ip: string): Promise<PublicQuoteDto> {
  await enforceRateLimits(deps, [{ key: `quote-accept:ip:${ip}`, ...ACCEPT_QUOTE_LIMIT }]);
  const { link } = await linkedQuote(deps, slug, number, body.t);
  const outcome = await deps.db.transaction((tx) => convertAcceptedQuote(deps, tx, link.workspace_id, link.quote_id));
  if (!outcome) throw notFound();
  if ('refused' in outcome) throw conflict(acceptMessages[outcome.refused], { code: 'quote_not_open' });
  return publicQuote(deps, slug, number, body.t);
}
