import type { PullResponse } from '../../schema/sync/contract.js';
import type { ReplicatedEntity } from '../../schema/replicated.js';
import type { AppDeps } from '../deps.js';
import { enterScope, type Queryable } from '../db/db.js';
import { requireLiveMembership } from '../api/workspaces/membership.js';
import { JsonText } from '../http/route.js';
import * as repo from './sync.repo.js';

/**
 * The workspace's changes after a checkpoint, in feed order `(server_seq, id)`, as the JSON text of a
 * `PullResponse` (Postgres prints the documents; see `selectFeedJson`), with the workspace's newest
 * change number (`head`), from which a device catching up shows how far it has come. The session and membership
 * check, the scope, the page and COMMIT go out together, one round trip on the pg driver;
 * row-level security keeps the page empty for a caller who turns out not to be a member, whose
 * request then fails on the membership check.
 */
export async function pullChanges(
  deps: AppDeps,
  input: {
    entity: ReplicatedEntity;
    session: { familyId: string; userId: number };
    workspaceId: number;
    seq: number;
    id: string;
    limit: number;
    /** The page's reader, when the collection's feed is not its own table's (`records`). */
    feed?: (tx: Queryable, workspaceId: number, after: { seq: number; id: string }, limit: number) => Promise<repo.FeedPage>;
  },
): Promise<JsonText<PullResponse>> {
  const { entity, session, workspaceId } = input;
  const page = await deps.db.transaction(async (tx) => {
    const statements = Promise.all([
      requireLiveMembership(tx, session, workspaceId),
      enterScope(tx, { userId: session.userId, workspaceId }),
      input.feed
        ? input.feed(tx, workspaceId, { seq: input.seq, id: input.id }, input.limit)
        : repo.selectFeedJson(tx, entity, workspaceId, { seq: input.seq, id: input.id }, input.limit),
      repo.selectHead(tx, workspaceId),
    ]);
    tx.commitNow();
    const [, , feed, head] = await statements;
    return { ...feed, head };
  });
  const checkpoint: PullResponse['checkpoint'] = page.last ?? { seq: input.seq, id: input.id };
  return new JsonText(`{"documents":${page.documentsJson},"checkpoint":${JSON.stringify(checkpoint)},"head":${page.head}}`);
}
