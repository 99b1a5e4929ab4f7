import { expect, type Page } from '@playwright/test';
import { mailsTo } from '../support/mailbox-file.js';
import { registerByApi, verifyByApi } from './auth-support';

/** Workspace invitations from the owner's side and the invitee's: accounts, the mailed link and code. */

export const PASSWORD = 'sunny-day-2025';

/** Registers through the API with the browser's cookie jar, so the page is signed in. */
export async function registerAs(page: Page, email: string, fullName: string) {
  await registerByApi(page, fullName, email, PASSWORD);
}

export async function createWorkspace(page: Page, name: string): Promise<number> {
  const res = await page.request.post('/api/workspaces', { data: { name, type: 'retail' } });
  expect(res.ok()).toBe(true);
  const body: { id: number } = await res.json();
  return body.id;
}

/** The test SMTP server's copies of the mail to `to`, newest first, quoted-printable undone. */
export function mailTextsTo(to: string): string[] {
  return mailsTo(to)
    .reverse()
    .map((m) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '='));
}

/** The invitation link from the test SMTP server's copy of the mail. */
export function invitationPath(to: string): string | null {
  for (const text of mailTextsTo(to)) {
    const match = /\/invitations\/accept\?token=([A-Za-z0-9_%-]+)/.exec(text);
    if (match) return `/invitations/accept?token=${match[1]}`;
  }
  return null;
}

/**
 * Verifies the signed-in account with the code mailed at registration: only verified accounts may
 * send invitations (they are mail from our address to anyone).
 */
export async function verifyByMail(page: Page, email: string) {
  let code: string | null = null;
  await expect
    .poll(() => {
      for (const text of mailTextsTo(email)) {
        const match = /verification code is (\d{6})/.exec(text);
        if (match) return (code = match[1]);
      }
      return null;
    })
    .not.toBeNull();
  await verifyByApi(page, code ?? '');
}
