import type { Queryable } from '../../db/db.js';
import { mailTemplateId, recordMail } from '../../mail/outbox.js';

/** The template name of a paid order's confirmation to its buyer (`AreaDefinition.mails`). */
export const ORDER_CONFIRMATION_MAIL = 'confirmation';

/** Records a paid order's confirmation e-mail (once per order): it goes through the outbox once this commits. */
export async function recordOrderMail(tx: Queryable, order: { workspace_id: number; id: string }): Promise<void> {
  await recordMail(tx, {
    workspaceId: order.workspace_id,
    template: mailTemplateId('marketplace', ORDER_CONFIRMATION_MAIL),
    subjectId: order.id,
  });
}
