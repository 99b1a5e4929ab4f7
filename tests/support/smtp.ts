import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback (no auth, no TLS) that keeps what it receives, so tests hold a real
 * SMTP conversation with the app's nodemailer transport.
 */
export async function startTestSmtp(port = 0, onMail?: (mail: ReceivedMail) => void) {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals <= 0) return callback();
      refusals -= 1;
      // What a busy or greylisting mail server answers: try again later.
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        onMail?.(mail);
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    /** Makes the next `count` recipients be refused with a temporary failure (451), as a busy server does. */
    refuseNext(count: number) {
      refusals = count;
    },
    /** Resolves with the newest mail to `to` (waiting for it if needed). */
    async waitFor(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = [...received].reverse().find((m) => m.to.includes(to.toLowerCase()) || m.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first 6-digit code in a mail's text (quoted-printable soft breaks undone). */
export function sixDigitCode(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '');
  const m = /\b(\d{6})\b/.exec(
    text
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n'),
  );
  if (!m) throw new Error('no 6-digit code in mail');
  return m[1];
}
