import { appendFileSync, writeFileSync } from 'node:fs';
import { e2eMailFile } from '../support/mail-file-path.js';
import { startTestSmtp } from '../support/smtp.js';

/**
 * Starts the real SMTP server the app sends to during the e2e run. Each mail received is appended to
 * a file as one JSON line, which the tests read (tests/support/mailbox-file.ts), since tests run in
 * another process. Appending costs one write per mail, however many came before.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_SMTP_PORT ?? 2526);
  const file = e2eMailFile();
  writeFileSync(file, '');
  const smtp = await startTestSmtp(port, (mail) => appendFileSync(file, `${JSON.stringify(mail)}\n`));
  return async () => {
    await smtp.close();
  };
}
