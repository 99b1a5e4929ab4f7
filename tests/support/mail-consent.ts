import type { Db } from '../../sync-server/db/db.js';

/**
 * Marks addresses as having confirmed they want mail from businesses on Vuka (the double opt-in,
 * `sync-server/mail/consent.ts`), as their owners would from the opt-in mail. For tests of what a
 * confirmed buyer or customer is sent; tests/security/mail-relay.test.ts covers the opt-in itself.
 */
export async function confirmMailAddresses(db: Db, ...addresses: string[]): Promise<void> {
  for (const address of addresses) {
    await db.query(
      `INSERT INTO mail_consents (address, confirmed_at, status) VALUES (lower($1), now(), 'sent')
       ON CONFLICT (address) DO UPDATE SET confirmed_at = coalesce(mail_consents.confirmed_at, now())`,
      [address],
    );
  }
}
