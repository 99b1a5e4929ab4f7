import { randomBytes } from 'node:crypto';
import type { Db } from '../../sync-server/db/db.js';
import { WEBHOOK_PATH } from '../../sync-server/payments/payments.js';
import { SUCCESS_CARD } from '../../sync-server/payments/sandbox/checkout-page.js';
import { startPaystackSandbox, type PaystackSandbox } from '../../sync-server/payments/sandbox/sandbox.js';
import { signWebhook } from '../../sync-server/payments/signature.js';
import { startTestServer, type CookieClient, type TestServer } from './server.js';

export { SUCCESS_CARD };
export const DECLINED_CARD = '4000000000000002';

export interface BillingHarness {
  server: TestServer;
  sandbox: PaystackSandbox;
  secretKey: string;
  /** Stops and restarts webhook delivery from the sandbox to the app. */
  webhooks(on: boolean): void;
  /** POSTs a webhook body to the app, signed with `key` (the real key unless given). */
  postWebhook(body: unknown, key?: string): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

/** The real app with its adapter pointed at a fresh Paystack sandbox on its own port. */
export async function startBillingHarness(db: Db): Promise<BillingHarness> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const sandbox = await startPaystackSandbox({ secretKey, merchant: 'Vuka' });
  const server = await startTestServer(db, { env: { PAYSTACK_BASE_URL: sandbox.apiUrl, PAYSTACK_SECRET_KEY: secretKey } });
  const hook = server.url + WEBHOOK_PATH;
  sandbox.webhookUrl = hook;
  return {
    server,
    sandbox,
    secretKey,
    webhooks(on) {
      sandbox.webhookUrl = on ? hook : null;
    },
    async postWebhook(body, key = secretKey) {
      const raw = JSON.stringify(body);
      const res = await fetch(hook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(raw, key) },
        body: raw,
      });
      return { status: res.status, text: await res.text() };
    },
    async close() {
      await sandbox.idle();
      await server.close();
      await sandbox.close();
    },
  };
}

/**
 * Does what a tester does on the sandbox's hosted checkout page: opens it, types a card and submits.
 * Returns the page's answer: a redirect back to the app (`location`) or the page again with an error.
 */
export async function payOnCheckout(
  authorizationUrl: string,
  card: { number?: string; expiry?: string; cvv?: string } = {},
): Promise<{ status: number; location: string | null; page: string; html: string }> {
  const page = await fetch(authorizationUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`checkout page answered ${page.status}: ${html}`);
  const form = new URLSearchParams({
    card_number: card.number ?? SUCCESS_CARD,
    expiry: card.expiry ?? '12/39',
    cvv: card.cvv ?? '408',
  });
  const res = await fetch(authorizationUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), page: html, html: await res.text() };
}

/** Starts a checkout through the API and pays it on the sandbox page; returns the reference. */
export async function checkoutAndPay(
  client: CookieClient,
  path: '/api/billing/subscription/checkout' | '/api/billing/credits/checkout',
  body: Record<string, unknown>,
  card?: string,
): Promise<{ reference: string; location: string | null }> {
  const started = await client.post(path, body);
  if (started.status !== 200) throw new Error(`checkout answered ${started.status}: ${started.text}`);
  const { authorization_url, reference } = started.json as { authorization_url: string; reference: string };
  const paid = await payOnCheckout(authorization_url, { number: card });
  return { reference, location: paid.location };
}
