import { renameSync, writeFileSync } from 'node:fs';
import { e2eMailFile } from '../support/mail-file-path.js';
import { startTestSmtp } from '../support/smtp.js';

/**
 * Starts the real SMTP server the app sends to during the e2e run. Received mail is written to a
 * JSON file the tests read (tests/support/mailbox-file.ts), since tests run in another process.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_SMTP_PORT ?? 2526);
  const smtp = await startTestSmtp(port);
  const file = e2eMailFile();
  // Written to a side file and renamed, so a reader never sees a half-written file.
  const flush = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify(smtp.received));
    renameSync(`${file}.tmp`, file);
  };
  flush();
  const timer = setInterval(flush, 100);
  return async () => {
    clearInterval(timer);
    await smtp.close();
  };
}
