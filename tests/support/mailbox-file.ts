import { existsSync, readFileSync } from 'node:fs';
import { e2eMailFile } from './mail-file-path.js';
import type { ReceivedMail } from './smtp.js';
import { sixDigitCode } from './smtp.js';

/**
 * The mails to `to` the e2e SMTP server (global-setup) has received so far, oldest first. The file
 * holds one mail per line; a line still being written does not parse and is read on the next turn.
 */
export function mailsTo(to: string): ReceivedMail[] {
  const file = e2eMailFile();
  if (!existsSync(file)) return [];
  const address = to.toLowerCase();
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.includes(address))
    .flatMap((line) => {
      try {
        const mail = JSON.parse(line) as ReceivedMail;
        return mail.to.includes(address) ? [mail] : [];
      } catch {
        return [];
      }
    });
}

/** Waits for the e2e SMTP server to have received mail to `to`, and returns its code. */
export async function waitForCode(to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = mailsTo(to).at(-1);
    if (mail) return sixDigitCode(mail.raw);
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no verification mail to ${to}`);
}

/** Waits for the e2e SMTP server to have received `count` mails to `to`, and returns them all. */
export async function waitForMails(to: string, count = 1, timeoutMs = 30_000): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = mailsTo(to);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`fewer than ${count} mail(s) to ${to}`);
}
