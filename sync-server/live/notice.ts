import { z } from 'zod';

/** The Postgres channel every push NOTIFYs after its changes (sync-server/sync/sync.repo.ts). */
export const SYNC_CHANNEL = 'vuka_sync';

const changeNotice = z.object({ collection: z.string(), workspace: z.number().int(), seq: z.number().int() });
export type ChangeNotice = z.infer<typeof changeNotice>;

export function parseChangeNotice(payload: string): ChangeNotice | null {
  return parseNotice(changeNotice, payload);
}

/** The channel a commit that adds notifications NOTIFYs with the person's id: the live channel tells their open tabs. */
export const NOTIFICATIONS_CHANNEL = 'vuka_notifications';

/**
 * The channel the database's own triggers NOTIFY when a session or a membership ends
 * (migrations/0012_live_access_notices.sql): every instance closes or narrows its sockets.
 */
export const ACCESS_CHANNEL = 'vuka_access';

const accessNotice = z.discriminatedUnion('kind', [
  /** A refresh family was revoked: logout, token reuse, password reset or change. */
  z.object({ kind: z.literal('session_ended'), family: z.string() }),
  z.object({ kind: z.literal('user_deleted'), user: z.number().int() }),
  /** Removed, left, or the workspace was deleted. */
  z.object({ kind: z.literal('member_removed'), workspace: z.number().int(), user: z.number().int() }),
]);
export type AccessNotice = z.infer<typeof accessNotice>;

export function parseAccessNotice(payload: string): AccessNotice | null {
  return parseNotice(accessNotice, payload);
}

function parseNotice<T>(schema: z.ZodType<T>, payload: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
