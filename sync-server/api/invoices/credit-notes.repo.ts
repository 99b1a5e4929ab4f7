import type { DocumentItem } from '../../../schema/invoices/invoices.js';
import type { Queryable } from '../../db/db.js';

interface LedgerInvoice {
  items: DocumentItem[];
  prices_include_vat: boolean;
  currency: string;
}

/**
 * For the credit-note check under the workspace lock: the stored invoices named, and what their
 * stored credit notes already credit (leaving out `except`, the credit notes being pushed again).
 */
export async function creditNoteLedger(
  q: Queryable,
  workspaceId: number,
  invoiceIds: readonly string[],
  except: readonly string[],
): Promise<{ invoices: Map<string, LedgerInvoice>; credited: Map<string, number> }> {
  const [invoiceRows, creditRows] = await Promise.all([
    q.query<{ id: string; items: DocumentItem[]; prices_include_vat: boolean; currency: string }>(
      `SELECT id, items, prices_include_vat, currency FROM invoices
        WHERE workspace_id = $1 AND id = ANY($2::text[]) AND kind IS DISTINCT FROM 'credit_note' AND NOT deleted`,
      [workspaceId, invoiceIds],
    ),
    q.query<{ invoice_id: string; credited: string | number }>(
      `SELECT credit_for_invoice_id AS invoice_id, sum(total_cents) AS credited FROM invoices
        WHERE workspace_id = $1 AND kind = 'credit_note' AND credit_for_invoice_id = ANY($2::text[])
          AND NOT deleted AND NOT (id = ANY($3::text[]))
        GROUP BY credit_for_invoice_id`,
      [workspaceId, invoiceIds, except],
    ),
  ]);
  return {
    invoices: new Map(invoiceRows.map((r) => [r.id, { items: r.items, prices_include_vat: r.prices_include_vat, currency: r.currency }])),
    credited: new Map(creditRows.map((r) => [r.invoice_id, Number(r.credited)])),
  };
}
