import { existsSync, readFileSync } from 'node:fs';
import { e2eMailFile } from './mail-file-path.js';
import type { ReceivedMail } from './smtp.js';
import { sixDigitCode } from './smtp.js';

/** Waits for the e2e SMTP server (global-setup) to have received mail to `to`, and returns its code. */
export async function waitForCode(to: string, timeoutMs = 15_000): Promise<string> {
  const file = e2eMailFile();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      let mails: ReceivedMail[] = [];
      try {
        mails = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        mails = []; // being rewritten; read again on the next turn
      }
      const mail = [...mails].reverse().find((m) => m.to.includes(to.toLowerCase()));
      if (mail) return sixDigitCode(mail.raw);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no verification mail to ${to}`);
}

/** Waits for the e2e SMTP server to have received `count` mails to `to`, and returns them all. */
export async function waitForMails(to: string, count = 1, timeoutMs = 30_000): Promise<ReceivedMail[]> {
  const file = e2eMailFile();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      try {
        const mails: ReceivedMail[] = JSON.parse(readFileSync(file, 'utf8'));
        const found = mails.filter((m) => m.to.includes(to.toLowerCase()));
        if (found.length >= count) return found;
      } catch {
        // being rewritten; read again on the next turn
      }
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`fewer than ${count} mail(s) to ${to}`);
}
