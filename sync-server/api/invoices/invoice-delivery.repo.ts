import type { DeliveryRefusal } from '../../../schema/invoices/contract.js';
import type { Queryable } from '../../db/db.js';
import { MAIL_TABLE, mailTemplateId, recordMail } from '../../mail/outbox.js';

/**
 * A document's e-mail requests (`document_deliveries`) are what the member sees beside it: to whom,
 * asked by whom and when, and why one was refused. Sending each is the one outbox's work (its row,
 * keyed by the request's id, holds the sending status), so a request is recorded in both at once.
 */

export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'refused';
/** What is sent: an invoice or quote with its PDF, or a till receipt. */
export type DeliveryKind = 'invoice' | 'quote' | 'receipt';

/** The outbox template of a request: an invoice or quote with its PDF, or a till receipt (`AreaDefinition.mails`). */
export const deliveryMailName = (kind: DeliveryKind) => (kind === 'receipt' ? 'receipt' : 'document');
const deliveryTemplates = [mailTemplateId('invoices', 'document'), mailTemplateId('invoices', 'receipt')];

/** One e-mail request as the outbox's template reads it (unscoped: the job area). */
export interface DeliveryRequest {
  workspace_id: number;
  id: string;
  document_kind: DeliveryKind;
  document_id: string;
  recipient: string;
  /** The account whose push recorded the request (the column defaults to the push's scope). */
  requested_by: number | null;
}

/** One e-mail request with its sending status from the outbox, as the member sees it. */
export interface DeliveryRow extends DeliveryRequest {
  status: DeliveryStatus;
  /** Why a refused request was not sent. */
  refusal: DeliveryRefusal | null;
  error: string | null;
  requested_at: Date;
  sent_at: Date | null;
}

export interface NewDelivery {
  id: string;
  kind: DeliveryKind;
  documentId: string;
  to: string;
  at: string;
}

/** Records e-mail requests (a request already known is left as it is) and their mails in the outbox. */
export async function recordDeliveries(tx: Queryable, workspaceId: number, rows: readonly NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  const recorded = await tx.query<{ id: string; document_kind: DeliveryKind }>(
    `INSERT INTO document_deliveries (workspace_id, id, document_kind, document_id, recipient, requested_at)
     SELECT $1, x.id, x.kind, x.document_id, x.recipient, x.at::timestamptz
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS x(id, kind, document_id, recipient, at)
     ON CONFLICT (workspace_id, id) DO NOTHING
     RETURNING id, document_kind`,
    [
      workspaceId,
      rows.map((r) => r.id),
      rows.map((r) => r.kind),
      rows.map((r) => r.documentId),
      rows.map((r) => r.to),
      rows.map((r) => r.at),
    ],
  );
  for (const r of recorded) {
    await recordMail(tx, { workspaceId, template: mailTemplateId('invoices', deliveryMailName(r.document_kind)), subjectId: r.id });
  }
}

/** A request as its mail's template reads it (unscoped: the job area). */
export async function deliveryRequest(q: Queryable, workspaceId: number, id: string): Promise<DeliveryRequest | undefined> {
  const [row] = await q.query<DeliveryRequest>(
    'SELECT workspace_id, id, document_kind, document_id, recipient, requested_by FROM document_deliveries WHERE workspace_id = $1 AND id = $2',
    [workspaceId, id],
  );
  return row;
}

/** Keeps why the server will not send a request, for the member to see (unscoped: the job area). */
export async function refuseDelivery(q: Queryable, workspaceId: number, id: string, refusal: DeliveryRefusal): Promise<void> {
  await q.query('UPDATE document_deliveries SET refusal = $3 WHERE workspace_id = $1 AND id = $2', [workspaceId, id, refusal]);
}

/** A document's e-mail requests with how their sending stands, newest first (scoped: the member asking). */
export async function deliveriesOf(q: Queryable, workspaceId: number, documentId: string): Promise<DeliveryRow[]> {
  return q.query<DeliveryRow>(
    `SELECT d.workspace_id, d.id, d.document_kind, d.document_id, d.recipient, d.requested_by, d.refusal, d.requested_at,
            coalesce(m.status, 'queued') AS status, m.error, m.sent_at
       FROM document_deliveries d
       LEFT JOIN ${MAIL_TABLE} m ON m.workspace_id = d.workspace_id AND m.subject_id = d.id AND m.template = ANY($3::text[])
      WHERE d.workspace_id = $1 AND d.document_id = $2
      ORDER BY d.requested_at DESC, d.id LIMIT 20`,
    [workspaceId, documentId, deliveryTemplates],
  );
}

export interface StoredDocumentRow {
  kind: 'invoice' | 'quote';
  doc: Record<string, unknown>;
}

/** The stored invoice or quote as its JSON document (unscoped: the job area); a deleted one only `withDeleted`. */
export async function storedDocument(
  q: Queryable,
  workspaceId: number,
  kind: 'invoice' | 'quote',
  id: string,
  withDeleted = false,
): Promise<Record<string, unknown> | undefined> {
  const table = kind === 'invoice' ? 'invoices' : 'quotes';
  const [row] = await q.query<{ doc: Record<string, unknown> }>(
    `SELECT to_jsonb(t) - 'server_seq' - 'server_version' - 'deleted' AS doc FROM ${table} t
      WHERE workspace_id = $1 AND id = $2 AND (NOT deleted OR $3)`,
    [workspaceId, id, withDeleted],
  );
  return row?.doc;
}

export interface SellerRow {
  name: string;
  slug: string;
  settings: Record<string, unknown> | null;
}

/** The workspace's name, slug and settings, for the PDF and the mail (unscoped: the job area and the public page). */
export async function sellerRow(q: Queryable, workspaceId: number): Promise<SellerRow | undefined> {
  const [row] = await q.query<SellerRow>(
    `SELECT w.name, w.slug, to_jsonb(s) AS settings FROM workspaces w LEFT JOIN workspace_settings s ON s.workspace_id = w.id AND s.id = 1 WHERE w.id = $1`,
    [workspaceId],
  );
  return row;
}

/** The invoice's public-page token, made on first use. */
export async function linkToken(q: Queryable, workspaceId: number, invoiceId: string, fresh: string): Promise<string> {
  const [row] = await q.query<{ token: string }>(
    `INSERT INTO invoice_links (workspace_id, invoice_id, token) VALUES ($1, $2, $3)
     ON CONFLICT (workspace_id, invoice_id) DO UPDATE SET token = invoice_links.token
     RETURNING token`,
    [workspaceId, invoiceId, fresh],
  );
  return row.token;
}

export async function linkViewedAt(q: Queryable, workspaceId: number, invoiceId: string): Promise<Date | null> {
  const [row] = await q.query<{ viewed_at: Date | null }>(
    'SELECT viewed_at FROM invoice_links WHERE workspace_id = $1 AND invoice_id = $2',
    [workspaceId, invoiceId],
  );
  return row?.viewed_at ?? null;
}

/** The invoice a public link opens: its workspace's slug, its number and the token must all match (unscoped). */
export async function invoiceByLink(
  q: Queryable,
  slug: string,
  number: string,
  token: string,
): Promise<{ workspace_id: number; invoice_id: string } | undefined> {
  const [row] = await q.query<{ workspace_id: number; invoice_id: string }>(
    `SELECT l.workspace_id, l.invoice_id FROM invoice_links l
       JOIN workspaces w ON w.id = l.workspace_id
       JOIN invoices i ON i.workspace_id = l.workspace_id AND i.id = l.invoice_id
      WHERE w.slug = $1 AND i.invoice_number = $2 AND l.token = $3 AND NOT i.deleted`,
    [slug, number, token],
  );
  return row;
}

/** Marks the invoice viewed when it first is; true for that first view. */
export async function markViewed(q: Queryable, workspaceId: number, invoiceId: string, at: Date): Promise<boolean> {
  const rows = await q.query(
    'UPDATE invoice_links SET viewed_at = $3 WHERE workspace_id = $1 AND invoice_id = $2 AND viewed_at IS NULL RETURNING 1',
    [workspaceId, invoiceId, at],
  );
  return rows.length > 0;
}
