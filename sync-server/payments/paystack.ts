import { z } from 'zod';
import {
  PaymentProviderError,
  type CardAuthorization,
  type PaymentGateway,
  type ProviderSubscription,
  type VerifiedTransaction,
} from './gateway.js';

/** Every Paystack answer: `{ status, message, data }`; `status: false` is a refusal. */
const envelope = z.object({ status: z.boolean(), message: z.string().default(''), data: z.unknown().optional() });

const numberish = z.union([z.number(), z.string()]).transform((v) => Number(v));

const authorizationShape = z.object({
  authorization_code: z.string(),
  signature: z.string().nullish(),
  last4: z.string(),
  exp_month: numberish,
  exp_year: numberish,
  brand: z.string().nullish(),
  card_type: z.string().nullish(),
  bank: z.string().nullish(),
  reusable: z.boolean().default(false),
  channel: z.string().default('card'),
});

const transactionShape = z.object({
  reference: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  gateway_response: z.string().nullish(),
  paid_at: z.string().nullish(),
  authorization: authorizationShape.partial().nullish(),
  customer: z.object({ email: z.string().nullish(), customer_code: z.string().nullish() }).nullish(),
  plan: z.union([z.string(), z.object({ plan_code: z.string().nullish() }).passthrough()]).nullish(),
  plan_object: z.object({ plan_code: z.string().nullish() }).passthrough().nullish(),
  // Paystack sends `{}` when no subaccount owns the transaction.
  subaccount: z.object({ subaccount_code: z.string().nullish() }).passthrough().nullish(),
});

const statuses = ['success', 'failed', 'abandoned', 'pending', 'reversed'] as const;
type Status = (typeof statuses)[number];
const isStatus = (s: string): s is Status => (statuses as readonly string[]).includes(s);

/** A card authorisation from a Paystack payload, or null when it is not a usable card. */
export function cardFrom(raw: unknown): CardAuthorization | null {
  const parsed = authorizationShape.safeParse(raw);
  if (!parsed.success) return null;
  const a = parsed.data;
  if (!/^\d{4}$/.test(a.last4) || !Number.isInteger(a.exp_month) || !Number.isInteger(a.exp_year)) return null;
  return {
    authorizationCode: a.authorization_code,
    signature: a.signature ?? a.authorization_code,
    last4: a.last4,
    expMonth: a.exp_month,
    expYear: a.exp_year,
    brand: (a.brand ?? 'card').trim().toLowerCase(),
    bank: a.bank ?? null,
    cardType: a.card_type?.trim() ?? null,
    reusable: a.reusable,
    channel: a.channel,
  };
}

/** A transaction (verify, charge_authorization, or a `charge.success` webhook's data) in our terms. */
export function transactionFrom(raw: unknown): VerifiedTransaction {
  const t = transactionShape.parse(raw);
  const planCode = typeof t.plan === 'string' ? t.plan || null : (t.plan?.plan_code ?? t.plan_object?.plan_code ?? null);
  return {
    reference: t.reference,
    status: isStatus(t.status) ? t.status : 'failed',
    amount: t.amount,
    currency: t.currency,
    gatewayResponse: t.gateway_response ?? t.status,
    paidAt: t.paid_at ?? null,
    authorization: cardFrom(t.authorization),
    customerEmail: t.customer?.email ?? null,
    customerCode: t.customer?.customer_code ?? null,
    planCode,
    subaccount: t.subaccount?.subaccount_code ?? null,
  };
}

/** Paystack's REST API over HTTP, Bearer-authenticated with the secret key. */
export function paystackGateway(opts: { baseUrl: string; secretKey: string; timeoutMs?: number }): PaymentGateway {
  const base = opts.baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(base + path, {
        method,
        headers: {
          Authorization: `Bearer ${opts.secretKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
      });
    } catch {
      throw new PaymentProviderError('The card payment service could not be reached. Please try again.', 503);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(`The card payment service answered ${res.status} without JSON.`, 502);
    }
    const parsed = envelope.safeParse(json);
    if (!parsed.success) throw new PaymentProviderError('The card payment service gave an answer we do not understand.', 502);
    if (!res.ok || !parsed.data.status) {
      throw new PaymentProviderError(
        parsed.data.message || `The card payment service answered ${res.status}.`,
        res.status >= 500 ? 502 : res.status,
      );
    }
    return parsed.data.data;
  }

  const subscriptionShape = z.object({
    subscription_code: z.string(),
    email_token: z.string(),
    status: z.string(),
    next_payment_date: z.string().nullish(),
  });
  const toSubscription = (raw: unknown): ProviderSubscription => {
    const s = subscriptionShape.parse(raw);
    return {
      subscriptionCode: s.subscription_code,
      emailToken: s.email_token,
      status: s.status,
      nextPaymentDate: s.next_payment_date ?? null,
    };
  };

  return {
    async initialize(input) {
      const data = z.object({ authorization_url: z.string().url(), access_code: z.string(), reference: z.string() }).parse(
        await call('POST', '/transaction/initialize', {
          email: input.email,
          amount: input.amount,
          currency: input.currency,
          reference: input.reference,
          callback_url: input.callbackUrl,
          channels: ['card'],
          metadata: input.metadata,
          ...(input.split && input.split.subaccounts.length > 0
            ? {
                split: {
                  type: 'flat',
                  bearer_type: 'account',
                  currency: input.currency,
                  subaccounts: input.split.subaccounts,
                },
              }
            : {}),
          // The seller's own sale: settled to their subaccount, which bears the provider's fee.
          ...(input.subaccount ? { subaccount: input.subaccount, bearer: 'subaccount' } : {}),
        }),
      );
      return { authorizationUrl: data.authorization_url, accessCode: data.access_code, reference: data.reference };
    },
    async verify(reference) {
      return transactionFrom(await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`));
    },
    async chargeAuthorization(input) {
      return transactionFrom(
        await call('POST', '/transaction/charge_authorization', {
          email: input.email,
          amount: input.amount,
          currency: input.currency,
          authorization_code: input.authorizationCode,
          reference: input.reference,
          metadata: JSON.stringify(input.metadata),
        }),
      );
    },
    async createPlan(input) {
      const data = z.object({ plan_code: z.string() }).parse(await call('POST', '/plan', input));
      return { planCode: data.plan_code };
    },
    async createSubscription(input) {
      return toSubscription(
        await call('POST', '/subscription', {
          customer: input.customer,
          plan: input.plan,
          authorization: input.authorization,
          start_date: input.startDate,
        }),
      );
    },
    async disableSubscription(input) {
      await call('POST', '/subscription/disable', { code: input.code, token: input.token });
    },
    async deactivateAuthorization(authorizationCode) {
      await call('POST', '/customer/authorization/deactivate', { authorization_code: authorizationCode });
    },
    async createSubaccount(input) {
      const data = z.object({ subaccount_code: z.string() }).parse(
        await call('POST', '/subaccount', {
          business_name: input.businessName,
          settlement_bank: input.settlementBank,
          account_number: input.accountNumber,
          // The platform keeps nothing of a seller's share beyond what each split says.
          percentage_charge: 0,
        }),
      );
      return { subaccountCode: data.subaccount_code };
    },
    async refund(input) {
      const data = z
        .object({ id: z.number().int(), amount: z.number().int(), status: z.string() })
        .passthrough()
        .parse(
          await call('POST', '/refund', {
            transaction: input.reference,
            ...(input.amount === undefined ? {} : { amount: input.amount }),
            ...(input.note ? { merchant_note: input.note } : {}),
          }),
        );
      return { id: data.id, amount: data.amount, status: data.status };
    },
  };
}
