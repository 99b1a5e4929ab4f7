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

/** The template names of the buyer's e-mails as their order moves on: sent with its tracking number, then delivered. */
export const ORDER_STEP_MAILS = { shipped: 'shipped', delivered: 'delivered' } as const;

/**
 * Records the buyer's e-mail that their order was shipped or delivered (once per order and step), in
 * the seller's transaction that moves it: it goes through the outbox once this commits and carries
 * the order's tracking number as it stands when it is sent.
 */
export async function recordOrderStepMail(
  tx: Queryable,
  order: { workspace_id: number; id: string },
  step: keyof typeof ORDER_STEP_MAILS,
): Promise<void> {
  await recordMail(tx, {
    workspaceId: order.workspace_id,
    template: mailTemplateId('marketplace', ORDER_STEP_MAILS[step]),
    subjectId: order.id,
  });
}
