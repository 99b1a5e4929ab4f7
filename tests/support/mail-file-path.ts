import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the e2e SMTP server writes what it received, one JSON line per mail, for the test processes
 * to read. Outside test-results/, which Playwright empties at the start of a run; one file per e2e port.
 */
export function e2eMailFile(): string {
  return process.env.E2E_MAIL_FILE ?? join(tmpdir(), `vuka-e2e-mail-${process.env.E2E_PORT ?? '3100'}.jsonl`);
}
