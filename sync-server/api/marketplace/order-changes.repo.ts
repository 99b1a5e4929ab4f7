import type { Queryable } from '../../db/db.js';
import type { OrderChangeOutcome } from '../../../schema/marketplace/order-changes.js';

/** Records what came of a device's status change, on its own row (pulled back by the devices). */
export async function setOutcome(
  q: Queryable,
  workspaceId: number,
  id: string,
  outcome: OrderChangeOutcome,
  message: string | null,
): Promise<void> {
  await q.query('UPDATE order_changes SET outcome = $3, outcome_message = $4 WHERE workspace_id = $1 AND id = $2', [
    workspaceId,
    id,
    outcome,
    message,
  ]);
}
