import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../payments/gateway.js';
import { paystackGateway } from '../../payments/paystack.js';
import { startPaystackSandbox, type PaystackSandbox } from '../../payments/sandbox/sandbox.js';
import { webhookSignatureValid } from '../../payments/signature.js';
import { DECLINED_CARD, payOnCheckout } from '../../../tests/support/billing.js';

const KEY = 'sk_test_adapter_suite';

describe('Paystack adapter against the local sandbox over HTTP', () => {
  let sandbox: PaystackSandbox;
  let hookServer: Server;
  const received: Array<{ event: string; data: Record<string, unknown>; signed: boolean }> = [];

  beforeAll(async () => {
    hookServer = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const sig = req.headers['x-paystack-signature'];
        const body = JSON.parse(raw.toString()) as { event: string; data: Record<string, unknown> };
        received.push({ ...body, signed: webhookSignatureValid(raw, typeof sig === 'string' ? sig : undefined, KEY) });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
    const { port } = hookServer.address() as AddressInfo;
    sandbox = await startPaystackSandbox({ secretKey: KEY, webhookUrl: `http://127.0.0.1:${port}/hook` });
  });
  afterAll(async () => {
    await sandbox?.close();
    await new Promise<void>((resolve) => hookServer.close(() => resolve()));
  });

  const gateway = () => paystackGateway({ baseUrl: sandbox.apiUrl, secretKey: KEY });

  it('refuses a wrong secret key with the provider message', async () => {
    const bad = paystackGateway({ baseUrl: sandbox.apiUrl, secretKey: 'sk_test_wrong' });
    const err = await bad.verify('nope').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ status: 401, message: 'Invalid key' });
  });

  it('initialises a checkout, takes the test card, verifies it and sends a signed charge.success', async () => {
    const g = gateway();
    const started = await g.initialize({
      email: 'buyer@example.test',
      amount: 49_900,
      currency: 'ZAR',
      reference: 'adapter-ok-1',
      callbackUrl: 'http://app.test/settings?tab=subscription',
      metadata: { item: 'pro_monthly' },
    });
    expect(started.reference).toBe('adapter-ok-1');
    expect(started.authorizationUrl.startsWith(sandbox.url + '/checkout/')).toBe(true);
    expect((await g.verify('adapter-ok-1')).status).toBe('pending');

    const paid = await payOnCheckout(started.authorizationUrl);
    expect(paid.page).toContain('R');
    expect(paid.status).toBe(303);
    const back = new URL(paid.location ?? '');
    expect(back.origin + back.pathname).toBe('http://app.test/settings');
    expect(back.searchParams.get('tab')).toBe('subscription');
    expect(back.searchParams.get('reference')).toBe('adapter-ok-1');

    const v = await g.verify('adapter-ok-1');
    expect(v).toMatchObject({
      status: 'success',
      amount: 49_900,
      currency: 'ZAR',
      gatewayResponse: 'Approved',
      customerEmail: 'buyer@example.test',
    });
    expect(v.authorization).toMatchObject({ last4: '4081', brand: 'visa', reusable: true, expMonth: 12, expYear: 2039 });
    expect(v.customerCode).toMatch(/^CUS_/);

    await sandbox.idle();
    const hook = received.find((r) => r.event === 'charge.success' && r.data.reference === 'adapter-ok-1');
    expect(hook?.signed).toBe(true);

    // The same reference cannot be used twice.
    const dup = await g
      .initialize({
        email: 'buyer@example.test',
        amount: 100,
        currency: 'ZAR',
        reference: 'adapter-ok-1',
        callbackUrl: 'http://app.test/',
        metadata: {},
      })
      .catch((e: unknown) => e);
    expect(dup).toMatchObject({ message: 'Duplicate Transaction Reference' });
  });

  it('a declined card fails the transaction, and bad card input is refused on the page', async () => {
    const g = gateway();
    const started = await g.initialize({
      email: 'declined@example.test',
      amount: 4_900,
      currency: 'ZAR',
      reference: 'adapter-declined',
      callbackUrl: 'http://app.test/subscription/topup',
      metadata: {},
    });
    const typo = await payOnCheckout(started.authorizationUrl, { number: '4084 0840 8408 4082' });
    expect(typo.status).toBe(400);
    expect(typo.html).toContain('Enter a valid card number.');
    const expired = await payOnCheckout(started.authorizationUrl, { expiry: '01/20' });
    expect(expired.html).toContain('This card has expired.');
    expect((await g.verify('adapter-declined')).status).toBe('pending');

    const declined = await payOnCheckout(started.authorizationUrl, { number: DECLINED_CARD });
    expect(declined.status).toBe(303);
    const v = await g.verify('adapter-declined');
    expect(v).toMatchObject({ status: 'failed', gatewayResponse: 'Declined', authorization: null });
    // A finished checkout cannot be paid again.
    expect((await fetch(started.authorizationUrl)).status).toBe(410);
  });

  it('charges a saved authorisation, creates a plan and a subscription, and disables it', async () => {
    const g = gateway();
    const started = await g.initialize({
      email: 'saver@example.test',
      amount: 12_900,
      currency: 'ZAR',
      reference: 'adapter-save',
      callbackUrl: 'http://app.test/',
      metadata: {},
    });
    await payOnCheckout(started.authorizationUrl);
    const card = (await g.verify('adapter-save')).authorization;
    if (!card) throw new Error('no card saved');

    const charged = await g.chargeAuthorization({
      email: 'saver@example.test',
      amount: 4_900,
      currency: 'ZAR',
      authorizationCode: card.authorizationCode,
      reference: 'adapter-recharge',
      metadata: { item: 'credits_50' },
    });
    expect(charged).toMatchObject({ status: 'success', amount: 4_900, reference: 'adapter-recharge' });
    const stranger = await g
      .chargeAuthorization({
        email: 'other@example.test',
        amount: 4_900,
        currency: 'ZAR',
        authorizationCode: card.authorizationCode,
        reference: 'adapter-steal',
        metadata: {},
      })
      .catch((e: unknown) => e);
    expect(stranger).toBeInstanceOf(PaymentProviderError);

    const { planCode } = await g.createPlan({ name: 'Vuka monthly', amount: 49_900, interval: 'monthly', currency: 'ZAR' });
    expect(planCode).toMatch(/^PLN_/);
    const sub = await g.createSubscription({
      customer: 'saver@example.test',
      plan: planCode,
      authorization: card.authorizationCode,
      startDate: '2031-01-01T00:00:00.000Z',
    });
    expect(sub).toMatchObject({ status: 'active', nextPaymentDate: '2031-01-01T00:00:00.000Z' });
    await g.disableSubscription({ code: sub.subscriptionCode, token: sub.emailToken });
    expect(sandbox.state.subscriptions.get(sub.subscriptionCode)?.status).toBe('non-renewing');
    const again = await g.disableSubscription({ code: sub.subscriptionCode, token: sub.emailToken }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(PaymentProviderError);

    await sandbox.idle();
    const events = received.filter((r) => r.signed).map((r) => r.event);
    expect(events).toEqual(expect.arrayContaining(['subscription.create', 'subscription.disable']));
    expect(received.every((r) => r.signed)).toBe(true);
  });
});
