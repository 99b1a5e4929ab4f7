import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { smtpMailer, type Mail, type Mailer } from '../../mail/mailer.js';
import { brand } from '../../../schema/brand.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { signIn, createUser } from '../../../tests/support/fixtures.js';
import { CookieClient, startTestServer, type TestServer } from '../../../tests/support/server.js';
import { startTestSmtp } from '../../../tests/support/smtp.js';

const thanks = "Thank you for contacting us. We'll get back to you soon!";
const good = {
  name: 'Lerato Mokoena',
  email: 'lerato@example.test',
  subject: 'Question about the Vuka plan',
  message: 'Can I pay for the plan yearly in rand?',
};

for (const target of testDatabases()) {
  describe(`contact form API on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let client: CookieClient;
    const sent: Mail[] = [];
    const mailer: Mailer = {
      async send(mail) {
        sent.push(mail);
      },
    };
    beforeAll(async () => {
      db = await target.open();
      server = await startTestServer(db, { mailer });
      client = new CookieClient(server.url);
    });
    afterAll(async () => {
      await server?.close();
      await db?.close();
    });
    beforeEach(async () => {
      await db.query(`DELETE FROM rate_limits WHERE key LIKE 'contact:%'`);
    });

    const stored = () =>
      db.query<{ name: string; email: string; subject: string; message: string; user_id: number | null }>(
        'SELECT name, email, subject, message, user_id FROM contact_messages ORDER BY id',
      );

    it('each field is checked with the spec’s messages, and nothing is stored or sent', async () => {
      const before = (await stored()).length;
      const mails = sent.length;
      const res = await client.post('/api/contact', { name: 'L', email: 'not-an-email', subject: 'Hey', message: 'Too short' });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: 'validation_failed',
        errors: {
          name: ['Name must be at least 2 characters'],
          email: ['Please enter a valid email address'],
          subject: ['Subject must be at least 5 characters'],
          message: ['Message must be at least 10 characters'],
        },
      });
      const blank = await client.post('/api/contact', { name: '   ', email: good.email, subject: good.subject, message: '          ' });
      expect(blank.json).toMatchObject({
        errors: { name: ['Name must be at least 2 characters'], message: ['Message must be at least 10 characters'] },
      });
      expect((await client.post('/api/contact', {})).status).toBe(400);
      expect((await stored()).length).toBe(before);
      expect(sent.length).toBe(mails);
    });

    it('a valid message is stored, mailed to the brand address with reply-to the sender, and thanked', async () => {
      const res = await client.post('/api/contact', { ...good, name: `  ${good.name}  ` });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ message: thanks });
      expect((await stored()).at(-1)).toEqual({ ...good, user_id: null });
      const mail = sent.at(-1);
      expect(mail).toMatchObject({ to: brand.email, replyTo: `${good.name} <${good.email}>` });
      expect(mail?.subject).toContain(good.subject);
      expect(mail?.text).toContain(good.message);
    });

    it('a signed-in sender is linked to the stored message', async () => {
      const user = await createUser(db);
      const signedIn = await signIn(server, user.id);
      expect((await signedIn.post('/api/contact', good)).status).toBe(200);
      expect((await stored()).at(-1)?.user_id).toBe(user.id);
    });

    it('more than 5 messages an hour from one address are refused with 429', async () => {
      for (let i = 0; i < 5; i++) expect((await client.post('/api/contact', good)).status).toBe(200);
      const count = (await stored()).length;
      const refused = await client.post('/api/contact', good);
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({ code: 'rate_limited' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await stored()).length).toBe(count);
      server.advance(3601 * 1000);
      try {
        expect((await client.post('/api/contact', good)).status).toBe(200);
      } finally {
        server.advance(-3601 * 1000);
      }
    });

    it('when the mail cannot be sent the sender is told to try again, and the message is kept', async () => {
      const broken = await startTestServer(db, {
        mailer: {
          async send() {
            throw new Error('smtp down');
          },
        },
      });
      try {
        const res = await new CookieClient(broken.url).post('/api/contact', { ...good, subject: 'Mail is down today' });
        expect(res.status).toBe(502);
        expect(res.json).toMatchObject({ message: 'There was a problem sending your message. Please try again later.' });
        expect((await stored()).at(-1)?.subject).toBe('Mail is down today');
      } finally {
        await broken.close();
      }
    });

    it('the message reaches the brand mailbox over a real SMTP conversation', async () => {
      const smtp = await startTestSmtp();
      const real = await startTestServer(db, { mailer: smtpMailer(smtp.url, 'Vuka <no-reply@vuka.africa>') });
      try {
        const res = await new CookieClient(real.url).post('/api/contact', { ...good, subject: 'Over real SMTP please' });
        expect(res.status).toBe(200);
        const mail = await smtp.waitFor(brand.email);
        expect(mail.to).toEqual([brand.email]);
        const raw = mail.raw.replace(/=\r?\n/g, '');
        expect(raw).toMatch(/^Reply-To: .*lerato@example\.test/im);
        expect(raw).toMatch(/^Subject: .*Over real SMTP please/im);
        expect(raw).toContain(good.message);
      } finally {
        await real.close();
        await smtp.close();
      }
    });
  });
}
