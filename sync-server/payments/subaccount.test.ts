import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOnCheckout } from '../../tests/support/billing.js';
import { PaymentProviderError } from './gateway.js';
import { paystackGateway } from './paystack.js';
import { startPaystackSandbox, type PaystackSandbox } from './sandbox/sandbox.js';

const KEY = 'sk_test_subaccount_suite';

describe('a payment a seller’s payout account owns (initialize `subaccount`), adapter against the sandbox', () => {
  let sandbox: PaystackSandbox;
  beforeAll(async () => {
    sandbox = await startPaystackSandbox({ secretKey: KEY });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  const gateway = () => paystackGateway({ baseUrl: sandbox.apiUrl, secretKey: KEY });
  const start = (reference: string, subaccount?: string) =>
    gateway().initialize({
      email: 'buyer@example.test',
      amount: 25_000,
      currency: 'ZAR',
      reference,
      callbackUrl: 'http://app.test/back',
      metadata: {},
      subaccount,
    });

  it('settles to the subaccount, which bears the fee, and says so on verify', async () => {
    const { subaccountCode } = await gateway().createSubaccount({
      businessName: 'Thandi Designs',
      settlementBank: '632005',
      accountNumber: '4081234567',
    });
    const started = await start('sub-owned-1', subaccountCode);
    expect(sandbox.state.transactions.get('sub-owned-1')?.subaccount).toMatchObject({
      account: { subaccount_code: subaccountCode, business_name: 'Thandi Designs' },
      bearer: 'subaccount',
      transaction_charge: null,
    });
    await payOnCheckout(started.authorizationUrl);
    const verified = await gateway().verify('sub-owned-1');
    expect(verified).toMatchObject({ status: 'success', amount: 25_000, subaccount: subaccountCode });
  });

  it('a payment without one has none, on the provider and on verify', async () => {
    await start('sub-none-1');
    expect(sandbox.state.transactions.get('sub-none-1')?.subaccount).toBeNull();
    const raw = await fetch(`${sandbox.apiUrl}/transaction/verify/sub-none-1`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(((await raw.json()) as { data: { subaccount: unknown } }).data.subaccount).toEqual({});
    expect((await gateway().verify('sub-none-1')).subaccount).toBeNull();
  });

  it('refuses an unknown subaccount and starts nothing', async () => {
    const err = await start('sub-unknown-1', 'ACCT_doesnotexist').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ status: 400, message: 'Subaccount ACCT_doesnotexist not found' });
    expect(sandbox.state.transactions.has('sub-unknown-1')).toBe(false);
  });
});
