import webpush from 'web-push';
import { z } from 'zod';
import type { Db } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import * as repo from './web-push.repo.js';

/**
 * The server's VAPID keys for Web Push (RFC 8292): from the environment, or outside production a
 * pair made once and kept in the database.
 */

const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);
const base64url = (bytes: number, name: string) =>
  z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url without padding`)
      .refine((s) => Buffer.from(s, 'base64url').length === bytes, `${name} must be ${bytes} bytes`)
      .optional(),
  );

/** The environment Web Push reads: both keys or neither (`npx web-push generate-vapid-keys` makes a pair). */
const vapidEnv = z
  .object({
    VAPID_PUBLIC_KEY: base64url(65, 'VAPID_PUBLIC_KEY'),
    VAPID_PRIVATE_KEY: base64url(32, 'VAPID_PRIVATE_KEY'),
    /** Who the push services may contact about this server's pushes: a mailto: or https: address. */
    VAPID_SUBJECT: z.preprocess(
      unsetWhenEmpty,
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: address')
        .optional(),
    ),
  })
  .refine((env) => (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined), {
    message: 'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
  });

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The stored pair per database: read (or made) once per process. */
const storedPairs = new WeakMap<Db, Promise<repo.KeyPair>>();

function storedPair(db: Db): Promise<repo.KeyPair> {
  let pair = storedPairs.get(db);
  if (!pair) {
    pair = repo.storedKeys(db, () => webpush.generateVAPIDKeys());
    storedPairs.set(db, pair);
    pair.catch(() => storedPairs.delete(db));
  }
  return pair;
}

/** The mail sender's address, as the default contact the push services get. */
function subjectOf(mailFrom: string): string {
  const address =
    /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^\S+@\S+$/.test(mailFrom.trim()) ? mailFrom.trim() : 'no-reply@vuka.africa');
  return `mailto:${address}`;
}

/**
 * The server's VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set. Unset outside
 * production, a pair made once and kept in the database, so every instance signs with the pair the
 * browsers subscribed with; unset in production, none (Web Push is off). Throws on a bad setting.
 */
export async function vapidKeys(
  deps: Pick<AppDeps, 'config' | 'db'>,
  env: Record<string, string | undefined> = process.env,
): Promise<VapidKeys | null> {
  const parsed = vapidEnv.parse(env);
  const subject = parsed.VAPID_SUBJECT ?? subjectOf(deps.config.MAIL_FROM);
  if (parsed.VAPID_PUBLIC_KEY && parsed.VAPID_PRIVATE_KEY) {
    return { publicKey: parsed.VAPID_PUBLIC_KEY, privateKey: parsed.VAPID_PRIVATE_KEY, subject };
  }
  if (deps.config.isProduction) return null;
  return { ...(await storedPair(deps.db)), subject };
}
