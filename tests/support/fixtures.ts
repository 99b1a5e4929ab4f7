import { signAccessToken, cookieNames } from '../../sync-server/http/access-token.js';
import { signingKey } from '../../sync-server/http/auth-context.js';
import type { Db } from '../../sync-server/db/db.js';
import { CookieClient, type TestServer } from './server.js';
import { liveSessionFamily } from './session-family.js';

export interface TestUser {
  id: number;
  email: string;
  full_name: string;
}

let seq = 0;

/** A unique address for a test user, so tests sharing one database never collide. */
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}.${process.pid}.${seq}.${Date.now().toString(36)}@example.test`;
}

/** A verified user written straight to the database (the auth API is not involved). */
export async function createUser(
  db: Db,
  opts: { email?: string; full_name?: string; plan?: 'free' | 'pro'; trialEndsAt?: Date | null } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const full_name = opts.full_name ?? 'Test User';
  const rows = await db.query<{ id: number }>(
    `INSERT INTO users (email, full_name, verified, plan, plan_trial_ends_at)
     VALUES ($1, $2, true, $3, $4) RETURNING id`,
    [email, full_name, opts.plan ?? 'free', opts.trialEndsAt ? opts.trialEndsAt.toISOString() : null],
  );
  return { id: rows[0].id, email, full_name };
}

/** A cookie client signed in as `userId`: a valid access cookie for the server's clock, one hour long. */
export async function signIn(server: TestServer, userId: number): Promise<CookieClient> {
  const client = new CookieClient(server.url);
  const exp = Math.floor(server.deps.now().getTime() / 1000) + 3600;
  const token = signAccessToken(await signingKey(server.deps), { sub: userId, fam: await liveSessionFamily(server.deps.db, userId), exp });
  client.jar.set(cookieNames(server.deps.config.isProduction).access, token);
  return client;
}

/** A new user and a client signed in as them. */
export async function signedInUser(
  server: TestServer,
  opts: Parameters<typeof createUser>[1] = {},
): Promise<{ user: TestUser; client: CookieClient }> {
  const user = await createUser(server.deps.db, opts);
  return { user, client: await signIn(server, user.id) };
}
