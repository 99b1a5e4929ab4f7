import { randomBytes, randomUUID } from 'node:crypto';
import { insertRefreshToken } from '../../sync-server/api/auth/session.repo.js';
import type { Queryable } from '../../sync-server/db/db.js';

/**
 * A live session family for `userId`, as sign-in would create: access cookies in tests name it, and
 * `requireUser` accepts them only while it is unrevoked.
 */
export async function liveSessionFamily(db: Queryable, userId: number): Promise<string> {
  const familyId = randomUUID();
  const now = new Date();
  await insertRefreshToken(db, {
    tokenHash: randomBytes(32).toString('hex'),
    familyId,
    userId,
    parentId: null,
    now,
    expiresAt: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
  });
  return familyId;
}
