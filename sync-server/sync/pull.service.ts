import type { PullResponse } from '../../schema/contract/sync.js';
import type { ReplicatedEntity } from '../../schema/replicated.js';
import type { AppDeps } from '../app.js';
import { withScope } from '../db/db.js';
import { requireMembership } from '../api/workspaces/membership.js';
import { rowToDoc } from './codec.js';
import * as repo from './sync.repo.js';

/** The workspace's changes after a checkpoint, in feed order `(server_seq, id)`. */
export async function pullChanges(
  deps: AppDeps,
  input: { entity: ReplicatedEntity; workspaceId: number; userId: number; seq: number; id: string; limit: number },
): Promise<PullResponse> {
  const { entity, workspaceId, userId } = input;
  await requireMembership(deps.db, workspaceId, userId);
  const rows = await withScope(deps.db, { userId, workspaceId }, (tx) =>
    repo.selectFeed(tx, entity, workspaceId, { seq: input.seq, id: input.id }, input.limit),
  );
  const documents = rows.map((r) => rowToDoc(entity, r));
  const last = documents.at(-1);
  return {
    documents,
    checkpoint: last ? { seq: Number(last.server_seq), id: String(last.id) } : { seq: input.seq, id: input.id },
  };
}
