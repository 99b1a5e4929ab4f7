import { z } from 'zod';
import { id } from '../kit/input.js';

/* The live channel (`/api/live`): its messages and close codes, apart from the sync contract so a module's schema can read them without the replicated registry. */

/**
 * Workspace ids in one subscribe. A device replicates every workspace it subscribes to, seven
 * collections each, so no real device comes near 200 (1,400 replications); the server checks them
 * all in one indexed query, so a message at the cap costs one statement, and a socket's messages are
 * rate-limited besides.
 */
export const LIVE_MAX_WORKSPACES = 200;

/** The live channel's messages (`/api/live`). */
export const liveClientMessage = z.object({
  type: z.literal('subscribe'),
  workspaces: z.array(id).max(LIVE_MAX_WORKSPACES),
  /** The client takes the changes of one commit as one `changes` message (older clients get one `change` each). */
  grouped: z.boolean().optional(),
});
export const liveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), workspaces: z.array(z.number().int()) }),
  z.object({ type: z.literal('change'), collection: z.string(), workspace: z.number().int(), seq: z.number().int() }),
  /** What one commit changed in a workspace (a sale: its order, its stock movements and the recounted products), so one pull fetches it all. */
  z.object({
    type: z.literal('changes'),
    workspace: z.number().int(),
    changes: z.array(z.object({ collection: z.string(), seq: z.number().int() })),
  }),
  /** The signed-in person has a new notification (schema/notifications): the bell fetches its list again. */
  z.object({ type: z.literal('notifications') }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;

/** Why the server closes a live socket. The client reconnects after any of them. */
export const liveCloseCode = {
  /** The access cookie ran out; the reconnect brings a refreshed one. */
  sessionExpired: 4001,
  /** Logout, or the session was revoked: a reconnect with the same cookie is refused. */
  sessionEnded: 4003,
  /** Too many messages (RFC 6455 "policy violation"). */
  policyViolation: 1008,
} as const;
