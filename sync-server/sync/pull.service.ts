import type { PullResponse } from '../../schema/contract/sync.js';
import type { ReplicatedEntity } from '../../schema/replicated.js';
import type { AppDeps } from '../app.js';
import { withScope } from '../db/db.js';
import type { Membership } from '../api/workspaces/membership.js';
import { JsonText } from '../http/route.js';
import * as repo from './sync.repo.js';

/**
 * The workspace's changes after a checkpoint, in feed order `(server_seq, id)`, as the JSON text of a
 * `PullResponse` (Postgres assembles the documents; see `selectFeedJson`).
 */
export async function pullChanges(
  deps: AppDeps,
  input: { entity: ReplicatedEntity; membership: Membership; seq: number; id: string; limit: number },
): Promise<JsonText<PullResponse>> {
  const { entity } = input;
  const { workspaceId, userId } = input.membership;
  const page = await withScope(deps.db, { userId, workspaceId }, (tx) =>
    repo.selectFeedJson(tx, entity, workspaceId, { seq: input.seq, id: input.id }, input.limit),
  );
  const checkpoint: PullResponse['checkpoint'] = page.last ?? { seq: input.seq, id: input.id };
  return new JsonText(`{"documents":${page.documentsJson},"checkpoint":${JSON.stringify(checkpoint)}}`);
}
