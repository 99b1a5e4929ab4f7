import type { Queryable } from '../../db/db.js';
import type { RequestType } from '../../../schema/classifieds/classifieds.js';
import { mailTemplateId } from '../../mail/outbox.js';
import { notify } from '../notifications/index.js';

/** The sellers' inquiry e-mails' SQL: recording one (in the buyer's transaction), and what it says (unscoped: the outbox). */

/** The template name of the seller's e-mail about an inquiry (`AreaDefinition.mails`). */
export const INQUIRY_MAIL = 'inquiry';

/**
 * Tells the ad's seller (who placed it, else the workspace's owner) of a new inquiry: a notification,
 * and their e-mail about it (this area's own, with the buyer's message) when they want e-mail; it goes
 * through the outbox once this commits.
 */
export async function recordInquiryMail(
  tx: Queryable,
  key: { workspaceId: number; inquiryId: string; listing: { title: string; created_by: number | null }; type: RequestType },
): Promise<void> {
  const [ws] = await tx.query<{ owner_id: number }>('SELECT owner_id FROM workspaces WHERE id = $1', [key.workspaceId]);
  const seller = key.listing.created_by ?? (ws ? Number(ws.owner_id) : undefined);
  if (seller === undefined) return;
  await notify(tx, {
    workspaceId: key.workspaceId,
    kind: 'classified_inquiry',
    about: key.inquiryId,
    title: `${inquiryTitles[key.type]}: ${key.listing.title}`,
    link: `/workspace/${key.workspaceId}/classifieds/inquiries/${key.inquiryId}`,
    to: [seller],
    ownMail: { template: mailTemplateId('classifieds', INQUIRY_MAIL), subjectId: key.inquiryId, userId: seller },
  });
}

const inquiryTitles: Record<RequestType, string> = { offer: 'New offer', viewing: 'Viewing request', question: 'New question' };

export interface InquiryMailRow {
  workspace_id: number;
  id: string;
  request_type: RequestType;
  offer_amount_cents: string | number | null;
  viewing_at: Date | string | null;
  listing_title: string;
  currency: string;
  buyer_name: string | null;
  first_message: string | null;
  seller_email: string | null;
  seller_name: string | null;
}

/** An inquiry with what its seller's e-mail says: the ad, the buyer, the first message, and the seller's address. */
export async function mailedInquiry(q: Queryable, ws: number, id: string): Promise<InquiryMailRow | undefined> {
  const [row] = await q.query<InquiryMailRow>(
    `SELECT i.workspace_id, i.id, i.request_type, i.offer_amount_cents, i.viewing_at, c.title AS listing_title, c.currency,
            b.full_name AS buyer_name, s.email AS seller_email, s.full_name AS seller_name,
            (SELECT m.body FROM classified_messages m WHERE m.workspace_id = i.workspace_id AND m.inquiry_id = i.id
              ORDER BY m.created_at, m.id LIMIT 1) AS first_message
       FROM classified_inquiries i
       JOIN classifieds c ON c.workspace_id = i.workspace_id AND c.id = i.classified_id
       JOIN workspaces w ON w.id = i.workspace_id
       LEFT JOIN users b ON b.id = i.buyer_id
       LEFT JOIN users s ON s.id = coalesce(c.created_by, w.owner_id)
      WHERE i.workspace_id = $1 AND i.id = $2`,
    [ws, id],
  );
  return row;
}
