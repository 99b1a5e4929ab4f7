import type { Db } from '../../sync-server/db/db.js';
import { CookieClient, startTestServer, type TestServer } from './server.js';
import type { Mailer } from '../../sync-server/mail/mailer.js';

let seq = 0;

/** A unique address per call, so tests in one database never collide. */
export function uniqueEmail(tag = 'user'): string {
  seq += 1;
  return `${tag}.${process.pid}.${Date.now().toString(36)}.${seq}@example.test`;
}

export const PASSWORD = 'correct-horse-1';

export function registerBody(overrides: Record<string, unknown> = {}) {
  return {
    full_name: 'Thandi Nkosi',
    email: uniqueEmail(),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    age_confirmed: true,
    terms_accepted: true,
    ...overrides,
  };
}

/** The auth suites' server: rate limits off unless a test turns them on. */
export function startAuthServer(db: Db, env: Record<string, string> = {}, mailer?: Mailer): Promise<TestServer> {
  return startTestServer(db, { env: { RATE_LIMITS: 'off', ...env }, mailer });
}

/** Registers through the API with a fresh cookie jar; the client is signed in afterwards. */
export async function registered(server: TestServer, overrides: Record<string, unknown> = {}) {
  const client = new CookieClient(server.url);
  const body = registerBody(overrides);
  const res = await client.post('/api/auth/register', body);
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, email: body.email.toLowerCase(), password: body.password };
}

interface OutboxRow {
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
}

/** Mail in the database outbox to `to`, newest first. */
export function outboxTo(db: Db, to: string): Promise<OutboxRow[]> {
  return db.query<OutboxRow>('SELECT recipient, subject, body_text, body_html FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC', [
    to,
  ]);
}

/** Waits for mail that is sent after the response (the reset mail). */
export async function waitForOutbox(db: Db, to: string, count = 1, timeoutMs = 5000): Promise<OutboxRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await outboxTo(db, to);
    if (rows.length >= count) return rows;
    if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${to}, found ${rows.length}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The 6-digit code of the newest mail to `to`. */
export async function latestCode(db: Db, to: string): Promise<string> {
  const [mail] = await waitForOutbox(db, to);
  const match = /\b(\d{6})\b/.exec(mail.body_text);
  if (!match) throw new Error(`no code in mail to ${to}`);
  return match[1];
}

/** The reset token from the newest reset mail's link. */
export async function latestResetToken(db: Db, to: string, count = 1): Promise<string> {
  const [mail] = await waitForOutbox(db, to, count);
  const match = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.body_text);
  if (!match) throw new Error(`no reset link in mail to ${to}`);
  return decodeURIComponent(match[1]);
}

/** A code that is not the right one (any other 6 digits). */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
