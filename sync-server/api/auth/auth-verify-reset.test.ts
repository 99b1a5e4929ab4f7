import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { grantAdminByEmail } from './users.repo.js';
import { smtpMailer } from '../../mail/mailer.js';
import { testDatabases } from '../../../tests/support/databases.js';
import {
  latestCode,
  latestResetToken,
  outboxTo,
  registered,
  startAuthServer,
  uniqueEmail,
  waitForOutbox,
  wrongCode,
} from '../../../tests/support/fixtures-auth.js';
import { CookieClient, type TestServer } from '../../../tests/support/server.js';
import { sixDigitCode, startTestSmtp } from '../../../tests/support/smtp.js';

const HOUR = 3_600_000;

for (const target of testDatabases()) {
  describe(`e-mail verification and password reset on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;

    beforeAll(async () => {
      db = await target.open();
      server = await startAuthServer(db);
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    describe('verify-email', () => {
      it('a wrong code is refused, the right one verifies and clears the code', async () => {
        const { client, email } = await registered(server);
        const code = await latestCode(db, email);
        const wrong = await client.post('/api/auth/verify-email', { code: wrongCode(code) });
        expect(wrong.status).toBe(400);
        expect(wrong.json).toMatchObject({ message: 'Invalid code. Please try again.' });
        const ok = await client.post('/api/auth/verify-email', { code });
        expect(ok.status).toBe(200);
        expect(ok.json).toMatchObject({ message: 'Email verified', user: { email, verified: true } });
        const [row] = await db.query<{ verification_code_hash: string | null }>(
          'SELECT verification_code_hash FROM users WHERE email = $1',
          [email],
        );
        expect(row.verification_code_hash).toBeNull();
        const again = await client.post('/api/auth/verify-email', { code });
        expect(again.status).toBe(400);
        expect(again.json).toMatchObject({ message: 'Email is already verified' });
      });

      it('an address named in ADMIN_EMAILS becomes an admin when it is verified, not before; others never', async () => {
        const adminEmail = uniqueEmail('operator');
        const waiting = uniqueEmail('operator-waiting');
        server.deps.config.adminEmails = [adminEmail, waiting];
        try {
          const admin = await registered(server, { email: adminEmail.toUpperCase() });
          const me = async (c: CookieClient) => (await c.get('/api/auth/user')).json as { isAdmin?: boolean };
          expect((await me(admin.client))?.isAdmin).toBe(false);
          const ok = await admin.client.post('/api/auth/verify-email', { code: await latestCode(db, adminEmail) });
          expect(ok.json).toMatchObject({ user: { email: adminEmail, isAdmin: true } });
          const other = await registered(server);
          await other.client.post('/api/auth/verify-email', { code: await latestCode(db, other.email) });
          expect((await me(other.client))?.isAdmin).toBe(false);
          // At start the server grants the verified ones only: an unverified account with a named address stays as it is.
          await registered(server, { email: waiting });
          expect(await grantAdminByEmail(db, server.deps.config.adminEmails)).toBe(0);
          const flags = await db.query<{ email: string; is_admin: boolean }>(
            'SELECT email, is_admin FROM users WHERE email = ANY($1::text[])',
            [[adminEmail, waiting, other.email]],
          );
          expect(Object.fromEntries(flags.map((f) => [f.email, f.is_admin]))).toEqual({
            [adminEmail]: true,
            [waiting]: false,
            [other.email]: false,
          });
          await db.query('UPDATE users SET verified = true WHERE email = $1', [waiting]);
          expect(await grantAdminByEmail(db, server.deps.config.adminEmails)).toBe(1);
        } finally {
          server.deps.config.adminEmails = [];
        }
      });

      it('a code is 6 digits (400 with the form message) and needs a session (401)', async () => {
        const { client } = await registered(server);
        const bad = await client.post('/api/auth/verify-email', { code: '12ab' });
        expect(bad.status).toBe(400);
        expect(bad.json).toMatchObject({ errors: { code: ['Verification code must be 6 digits'] } });
        expect((await new CookieClient(server.url).post('/api/auth/verify-email', { code: '123456' })).status).toBe(401);
      });

      it('an expired code is refused with a clear message', async () => {
        const { client, email } = await registered(server);
        const code = await latestCode(db, email);
        server.advance(25 * HOUR);
        try {
          // The access cookie lapsed too: refresh first, as the app does.
          expect((await client.post('/api/auth/refresh')).status).toBe(200);
          const res = await client.post('/api/auth/verify-email', { code });
          expect(res.status).toBe(400);
          expect(res.json).toMatchObject({
            message: 'This verification code has expired. Please request a new one.',
            code: 'code_expired',
          });
        } finally {
          server.advance(-25 * HOUR);
        }
      });
    });

    it('registration mails the code over real SMTP; the code from the received mail verifies', async () => {
      const smtp = await startTestSmtp();
      const smtpServer = await startAuthServer(db, {}, smtpMailer(smtp.url, 'Vuka <no-reply@vuka.africa>'));
      try {
        const { client, email } = await registered(smtpServer);
        const mail = await smtp.waitFor(email);
        expect(mail.from).toBe('no-reply@vuka.africa');
        expect(mail.raw).toContain('Subject: Your Vuka verification code');
        const res = await client.post('/api/auth/verify-email', { code: sixDigitCode(mail.raw) });
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({ user: { verified: true } });
      } finally {
        await smtpServer.close();
        await smtp.close();
      }
    });

    describe('dev mailbox', () => {
      it('lists the newest outbox mail as JSON and as escaped HTML', async () => {
        const { email } = await registered(server);
        await db.query(
          `INSERT INTO mail_outbox (sender, recipient, subject, body_text) VALUES ('a@example.test', 'b@example.test', '<script>alert(1)</script>', 'Body & <b>bold</b>')`,
        );
        const json = await new CookieClient(server.url).get('/dev/mailbox.json');
        expect(json.status).toBe(200);
        const mails = Reflect.get(Object(json.json), 'mails');
        expect(Array.isArray(mails) && mails.length <= 50).toBe(true);
        expect(mails[0]).toMatchObject({ subject: '<script>alert(1)</script>' });
        expect(JSON.stringify(mails)).toContain(email);
        const html = await new CookieClient(server.url).get('/dev/mailbox');
        expect(html.status).toBe(200);
        expect(html.headers.get('content-type')).toMatch(/text\/html/);
        expect(html.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(html.text).toContain('Body &amp; &lt;b&gt;bold&lt;/b&gt;');
        expect(html.text).not.toContain('<script>');
        expect(html.text).toContain(email);
      });

      it('is not there in production', async () => {
        const prod = await startAuthServer(db, { NODE_ENV: 'production', APP_ORIGIN: 'https://app.example' });
        try {
          expect((await new CookieClient(prod.url).get('/dev/mailbox')).status).toBe(404);
          expect((await new CookieClient(prod.url).get('/dev/mailbox.json')).status).toBe(404);
        } finally {
          await prod.close();
        }
      });
    });

    describe('resend-verification', () => {
      it('within 60 s answers 429 with the seconds remaining; afterwards sends a new code', async () => {
        const { client, email } = await registered(server);
        server.advance(15_000);
        try {
          const early = await client.post('/api/auth/resend-verification');
          expect(early.status).toBe(429);
          // 15 s of the 60 s cooldown have passed (plus however long the requests themselves took).
          const n = Number(Reflect.get(Object(early.json), 'secondsRemaining'));
          expect(n).toBeGreaterThanOrEqual(40);
          expect(n).toBeLessThanOrEqual(45);
          expect(early.json).toEqual({
            message: `You can request another verification code in ${n} seconds`,
            code: 'cooldown',
            canResend: false,
            secondsRemaining: n,
          });
          expect(early.headers.get('retry-after')).toBe(String(n));
          server.advance(46_000);
          const ok = await client.post('/api/auth/resend-verification');
          expect(ok.status).toBe(200);
          expect(ok.json).toMatchObject({ canResend: false, secondsRemaining: 60 });
          expect(await outboxTo(db, email)).toHaveLength(2);
          // The new code works; the first one no longer does.
          const rows = await outboxTo(db, email);
          const first = /\b(\d{6})\b/.exec(rows[1].body_text)?.[1] ?? '';
          const second = /\b(\d{6})\b/.exec(rows[0].body_text)?.[1] ?? '';
          if (first !== second) expect((await client.post('/api/auth/verify-email', { code: first })).status).toBe(400);
          expect((await client.post('/api/auth/verify-email', { code: second })).status).toBe(200);
          const verified = await client.post('/api/auth/resend-verification');
          expect(verified.status).toBe(400);
          expect(verified.json).toMatchObject({ message: 'Email is already verified' });
        } finally {
          server.advance(-61_000);
        }
      });
    });

    describe('password reset', () => {
      let email: string;
      beforeAll(async () => {
        ({ email } = await registered(server));
      });

      it('answers the same for an unknown address, and mails only real accounts', async () => {
        const unknown = uniqueEmail('ghost');
        const a = await new CookieClient(server.url).post('/api/auth/request-reset', { email });
        const b = await new CookieClient(server.url).post('/api/auth/request-reset', { email: unknown });
        expect(a.status).toBe(200);
        expect(b.status).toBe(200);
        expect(a.json).toEqual(b.json);
        const mails = await waitForOutbox(db, email, 2);
        expect(mails[0].subject).toBe('Reset your Vuka password');
        expect(mails[0].body_text).toContain(`${server.deps.config.APP_ORIGIN}/reset-password?token=`);
        expect(await outboxTo(db, unknown)).toHaveLength(0);
      });

      it('bad e-mail answers 400 with the reset form message', async () => {
        const res = await new CookieClient(server.url).post('/api/auth/request-reset', { email: 'nope' });
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ errors: { email: ['Please enter a valid email address'] } });
      });

      it('a valid token sets the new password once and ends every session', async () => {
        const session = new CookieClient(server.url);
        expect((await session.post('/api/auth/login', { email, password: 'correct-horse-1' })).status).toBe(200);
        await new CookieClient(server.url).post('/api/auth/request-reset', { email });
        const token = await latestResetToken(db, email, 3);
        const mismatch = await new CookieClient(server.url).post('/api/auth/reset-password', {
          token,
          password: 'new-secret-9',
          confirmPassword: 'other',
        });
        expect(mismatch.status).toBe(400);
        expect(mismatch.json).toMatchObject({ errors: { confirmPassword: ["Passwords don't match"] } });
        const ok = await new CookieClient(server.url).post('/api/auth/reset-password', {
          token,
          password: 'new-secret-9',
          confirmPassword: 'new-secret-9',
        });
        expect(ok.status).toBe(200);
        expect((await session.post('/api/auth/refresh')).status).toBe(401);
        expect((await new CookieClient(server.url).post('/api/auth/login', { email, password: 'new-secret-9' })).status).toBe(200);
        const reused = await new CookieClient(server.url).post('/api/auth/reset-password', {
          token,
          password: 'third-secret',
          confirmPassword: 'third-secret',
        });
        expect(reused.status).toBe(400);
        expect(reused.json).toMatchObject({ message: 'This reset link is invalid or has expired' });
      });

      it('an expired or made-up token is refused and changes nothing', async () => {
        await new CookieClient(server.url).post('/api/auth/request-reset', { email });
        const token = await latestResetToken(db, email, 4);
        server.advance(HOUR + 1000);
        try {
          const expired = await new CookieClient(server.url).post('/api/auth/reset-password', {
            token,
            password: 'late-secret',
            confirmPassword: 'late-secret',
          });
          expect(expired.status).toBe(400);
          expect(expired.json).toMatchObject({ message: 'This reset link is invalid or has expired' });
        } finally {
          server.advance(-(HOUR + 1000));
        }
        const fake = await new CookieClient(server.url).post('/api/auth/reset-password', {
          token: 'x'.repeat(43),
          password: 'late-secret',
          confirmPassword: 'late-secret',
        });
        expect(fake.status).toBe(400);
        expect((await new CookieClient(server.url).post('/api/auth/login', { email, password: 'late-secret' })).status).toBe(401);
      });
    });
  });
}
