import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { signWebhook } from '../signature.js';
import { checkoutRoutes } from './checkout-routes.js';
import {
  addInterval,
  code,
  SandboxState,
  type SandboxRefund,
  type SandboxSplit,
  type SandboxSubaccount,
  type SandboxSubscription,
  type SandboxTransaction,
} from './state.js';

/**
 * A local stand-in for Paystack (DESIGN.md §9) on its own port. It speaks the same HTTP contract
 * for the calls Vuka makes (transaction initialize / verify / charge_authorization, plan,
 * subscription create / fetch / disable, subaccounts, split payments and payments a subaccount owns, refunds), serves a hosted checkout page where a tester types a test
 * card, and POSTs signed webhooks to the configured URL, so development and tests run the real
 * adapter over real HTTP.
 */
export interface PaystackSandbox {
  /** Where browsers open the checkout page. */
  url: string;
  /** Where the server's adapter calls the API (loopback). */
  apiUrl: string;
  secretKey: string;
  state: SandboxState;
  /** Where webhooks go; settable after the app it serves has started listening. */
  webhookUrl: string | null;
  /** Resolves when every webhook sent so far has been delivered (or failed). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface SandboxOptions {
  secretKey: string;
  port?: number;
  host?: string;
  /** How browsers reach the sandbox (the checkout page's origin); defaults to http://localhost:port. */
  publicUrl?: string;
  webhookUrl?: string | null;
  merchant?: string;
  now?: () => Date;
  onError?: (message: string) => void;
}

const fail = (res: Response, status: number, message: string) => res.status(status).json({ status: false, message });
const ok = (res: Response, message: string, data: unknown) => res.json({ status: true, message, data });

const initializeBody = z.object({
  email: z.string().email(),
  amount: z.coerce.number().int().positive(),
  currency: z.string().default('ZAR'),
  reference: z
    .string()
    .regex(/^[\w.=-]+$/)
    .optional(),
  callback_url: z.string().url().optional(),
  metadata: z.unknown().optional(),
  plan: z.string().optional(),
  split: z
    .object({
      type: z.enum(['flat', 'percentage']),
      bearer_type: z.enum(['subaccount', 'account', 'all-proportional', 'all']).default('account'),
      currency: z.string().optional(),
      subaccounts: z.array(z.object({ subaccount: z.string(), share: z.coerce.number().int().positive() })).min(1),
    })
    .optional(),
  subaccount: z.string().min(1).optional(),
  bearer: z.enum(['account', 'subaccount']).default('account'),
  transaction_charge: z.coerce.number().int().nonnegative().optional(),
});

export async function startPaystackSandbox(opts: SandboxOptions): Promise<PaystackSandbox> {
  const state = new SandboxState();
  const now = opts.now ?? (() => new Date());
  const pending = new Set<Promise<void>>();
  const app = express();
  app.disable('x-powered-by');

  let sandbox: PaystackSandbox;

  function sendWebhook(event: string, data: unknown): void {
    const target = sandbox.webhookUrl;
    if (!target) return;
    const body = JSON.stringify({ event, data });
    const delivery = fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signWebhook(body, opts.secretKey) },
      body,
      signal: AbortSignal.timeout(10_000),
    })
      .then((res) => {
        if (!res.ok) opts.onError?.(`sandbox webhook ${event} answered ${res.status}`);
      })
      .catch((err: unknown) => opts.onError?.(`sandbox webhook ${event} failed: ${String(err)}`))
      .finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  // The merchant API: JSON, Bearer secret key.
  const api = express.Router();
  api.use(express.json());
  api.use((req: Request, res: Response, next: NextFunction) => {
    if (req.headers.authorization !== `Bearer ${opts.secretKey}`) return void fail(res, 401, 'Invalid key');
    next();
  });

  api.post('/transaction/initialize', (req, res) => {
    const parsed = initializeBody.safeParse(req.body);
    if (!parsed.success) return void fail(res, 400, parsed.error.issues[0]?.message ?? 'Invalid request');
    const b = parsed.data;
    const reference = b.reference ?? code('T').toLowerCase();
    if (state.transactions.has(reference)) return void fail(res, 400, 'Duplicate Transaction Reference');
    const plan = b.plan ? state.plans.get(b.plan) : undefined;
    if (b.plan && !plan) return void fail(res, 400, 'Plan not found');
    let split: SandboxSplit | null = null;
    if (b.split) {
      const members: SandboxSplit['subaccounts'] = [];
      for (const s of b.split.subaccounts) {
        const sub = state.subaccounts.get(s.subaccount);
        if (!sub || !sub.active) return void fail(res, 400, `Subaccount ${s.subaccount} not found`);
        members.push({ subaccount: sub, share: s.share });
      }
      const shares = members.reduce((sum, m) => sum + m.share, 0);
      if (b.split.type === 'flat' ? shares > b.amount : shares > 100) {
        return void fail(res, 400, 'The split shares add up to more than the transaction amount');
      }
      split = { type: b.split.type, bearer_type: b.split.bearer_type, currency: b.split.currency ?? b.currency, subaccounts: members };
    }
    let owner: SandboxTransaction['subaccount'] = null;
    if (b.subaccount) {
      const sub = state.subaccounts.get(b.subaccount);
      if (!sub || !sub.active) return void fail(res, 400, `Subaccount ${b.subaccount} not found`);
      if (b.transaction_charge !== undefined && b.transaction_charge > b.amount) {
        return void fail(res, 400, 'Transaction charge cannot be more than the transaction amount');
      }
      owner = { account: sub, bearer: b.bearer, transaction_charge: b.transaction_charge ?? null };
    }
    const t: SandboxTransaction = {
      id: state.nextId(),
      reference,
      access_code: code('ac').slice(3),
      email: b.email,
      amount: plan ? plan.amount : b.amount,
      currency: b.currency,
      callback_url: b.callback_url ?? null,
      metadata: b.metadata ?? null,
      status: 'pending',
      gateway_response: 'Awaiting payment',
      paid_at: null,
      created_at: now().toISOString(),
      authorization: null,
      plan: plan ?? null,
      split,
      subaccount: owner,
      refunded: 0,
    };
    state.customer(b.email);
    state.transactions.set(reference, t);
    state.byAccessCode.set(t.access_code, t);
    ok(res, 'Authorization URL created', {
      authorization_url: `${sandbox.url}/checkout/${t.access_code}`,
      access_code: t.access_code,
      reference,
    });
  });

  api.get('/transaction/verify/:reference', (req, res) => {
    const t = state.transactions.get(String(req.params.reference));
    if (!t) return void fail(res, 404, 'Transaction reference not found');
    ok(res, 'Verification successful', state.transactionData(t));
  });

  api.post('/transaction/charge_authorization', (req, res) => {
    const parsed = z
      .object({
        email: z.string().email(),
        amount: z.coerce.number().int().positive(),
        authorization_code: z.string(),
        reference: z
          .string()
          .regex(/^[\w.=-]+$/)
          .optional(),
        currency: z.string().default('ZAR'),
        metadata: z.unknown().optional(),
      })
      .safeParse(req.body);
    if (!parsed.success) return void fail(res, 400, parsed.error.issues[0]?.message ?? 'Invalid request');
    const b = parsed.data;
    const found = state.authorizationByCode(b.authorization_code);
    if (!found || found.customer.email.toLowerCase() !== b.email.toLowerCase()) {
      return void fail(res, 400, 'Invalid authorization code for this customer');
    }
    const reference = b.reference ?? code('T').toLowerCase();
    if (state.transactions.has(reference)) return void fail(res, 400, 'Duplicate Transaction Reference');
    const t = chargeSaved(reference, b.email, b.amount, b.currency, found.auth, b.metadata ?? null, null);
    ok(res, 'Charge attempted', state.transactionData(t));
  });

  function chargeSaved(
    reference: string,
    email: string,
    amount: number,
    currency: string,
    auth: SandboxTransaction['authorization'],
    metadata: unknown,
    plan: SandboxTransaction['plan'],
  ): SandboxTransaction {
    const good = auth !== null && auth.reusable;
    const t: SandboxTransaction = {
      id: state.nextId(),
      reference,
      access_code: code('ac').slice(3),
      email,
      amount,
      currency,
      callback_url: null,
      metadata,
      status: good ? 'success' : 'failed',
      gateway_response: good ? 'Approved' : 'Declined',
      paid_at: good ? now().toISOString() : null,
      created_at: now().toISOString(),
      authorization: auth,
      plan,
    };
    state.transactions.set(reference, t);
    if (good) sendWebhook('charge.success', state.transactionData(t));
    return t;
  }

  api.post('/subaccount', (req, res) => {
    const parsed = z
      .object({
        business_name: z.string().min(1),
        settlement_bank: z.string().min(1),
        account_number: z.string().regex(/^\d{6,20}$/, 'Account number is invalid'),
        percentage_charge: z.coerce.number().min(0).max(100),
        currency: z.string().default('ZAR'),
      })
      .safeParse(req.body);
    if (!parsed.success) return void fail(res, 400, parsed.error.issues[0]?.message ?? 'Invalid request');
    const sub: SandboxSubaccount = { id: state.nextId(), subaccount_code: code('ACCT'), active: true, ...parsed.data };
    state.subaccounts.set(sub.subaccount_code, sub);
    ok(res, 'Subaccount created', state.subaccountData(sub));
  });

  api.get('/subaccount/:code', (req, res) => {
    const sub = state.subaccounts.get(String(req.params.code));
    if (!sub) return void fail(res, 404, 'Subaccount not found');
    ok(res, 'Subaccount retrieved', state.subaccountData(sub));
  });

  api.post('/refund', (req, res) => {
    const parsed = z
      .object({
        transaction: z.union([z.string(), z.number()]).transform(String),
        amount: z.coerce.number().int().positive().optional(),
        currency: z.string().optional(),
        merchant_note: z.string().optional(),
        customer_note: z.string().optional(),
      })
      .safeParse(req.body);
    if (!parsed.success) return void fail(res, 400, parsed.error.issues[0]?.message ?? 'Invalid request');
    const b = parsed.data;
    const t = state.transactions.get(b.transaction) ?? [...state.transactions.values()].find((x) => String(x.id) === b.transaction);
    if (!t) return void fail(res, 404, 'Transaction not found');
    if (t.status !== 'success') return void fail(res, 400, 'Transaction has not been completed');
    const left = t.amount - (t.refunded ?? 0);
    if (left <= 0) return void fail(res, 400, 'Transaction has been fully reversed');
    const amount = b.amount ?? left;
    if (amount > left) return void fail(res, 400, 'Refund amount cannot be more than the unrefunded balance');
    t.refunded = (t.refunded ?? 0) + amount;
    const refund: SandboxRefund = {
      id: state.nextId(),
      transaction: t,
      amount,
      currency: t.currency,
      merchant_note: b.merchant_note ?? null,
      status: 'pending',
      createdAt: now().toISOString(),
    };
    state.refunds.push(refund);
    ok(res, 'Refund has been queued for processing', state.refundData(refund));
    // The bank answers later, by webhook; a refused refund leaves its cents unrefunded.
    refund.status = t.refundsFail ? 'failed' : 'processed';
    if (refund.status === 'failed') t.refunded = (t.refunded ?? 0) - amount;
    sendWebhook(`refund.${refund.status}`, state.refundEventData(refund));
  });

  api.post('/plan', (req, res) => {
    const parsed = z
      .object({
        name: z.string().min(1),
        amount: z.coerce.number().int().positive(),
        interval: z.enum(['daily', 'weekly', 'monthly', 'biannually', 'annually']),
        currency: z.string().default('ZAR'),
      })
      .safeParse(req.body);
    if (!parsed.success) return void fail(res, 400, parsed.error.issues[0]?.message ?? 'Invalid request');
    const plan = { id: state.nextId(), plan_code: code('PLN'), ...parsed.data };
    state.plans.set(plan.plan_code, plan);
    ok(res, 'Plan created', {
      ...plan,
      integration: 1,
      domain: 'test',
      send_invoices: true,
      send_sms: true,
      createdAt: now().toISOString(),
    });
  });

  api.get('/plan/:code', (req, res) => {
    const plan = state.plans.get(String(req.params.code));
    if (!plan) return void fail(res, 404, 'Plan not found');
    ok(res, 'Plan retrieved', plan);
  });

  api.post('/subscription', (req, res) => {
    const parsed = z
      .object({ customer: z.string(), plan: z.string(), authorization: z.string().optional(), start_date: z.string().optional() })
      .safeParse(req.body);
    if (!parsed.success) return void fail(res, 400, parsed.error.issues[0]?.message ?? 'Invalid request');
    const b = parsed.data;
    const customer = state.customerByCode(b.customer);
    if (!customer) return void fail(res, 404, 'Customer not found');
    const plan = state.plans.get(b.plan);
    if (!plan) return void fail(res, 404, 'Plan not found');
    const auth = b.authorization
      ? customer.authorizations.find((a) => a.authorization_code === b.authorization)
      : customer.authorizations.at(-1);
    if (!auth) return void fail(res, 400, 'Customer has no valid authorization');
    const start = b.start_date ? new Date(b.start_date) : addInterval(now(), plan.interval);
    if (Number.isNaN(start.getTime())) return void fail(res, 400, 'Invalid start_date');
    const sub: SandboxSubscription = {
      id: state.nextId(),
      subscription_code: code('SUB'),
      email_token: code('tok').slice(4),
      status: 'active',
      customer,
      plan,
      authorization: auth,
      next_payment_date: start.toISOString(),
      createdAt: now().toISOString(),
    };
    state.subscriptions.set(sub.subscription_code, sub);
    ok(res, 'Subscription successfully created', state.subscriptionData(sub));
    sendWebhook('subscription.create', state.subscriptionData(sub));
  });

  api.get('/subscription/:code', (req, res) => {
    const sub = state.subscriptions.get(String(req.params.code));
    if (!sub) return void fail(res, 404, 'Subscription not found');
    ok(res, 'Subscription retrieved successfully', state.subscriptionData(sub));
  });

  api.post('/subscription/disable', (req, res) => {
    const parsed = z.object({ code: z.string(), token: z.string() }).safeParse(req.body);
    if (!parsed.success) return void fail(res, 400, 'code and token are required');
    const sub = state.subscriptions.get(parsed.data.code);
    if (!sub || sub.email_token !== parsed.data.token) return void fail(res, 404, 'Subscription with code not found or already inactive');
    if (sub.status !== 'active' && sub.status !== 'attention')
      return void fail(res, 400, 'Subscription with code not found or already inactive');
    sub.status = 'non-renewing';
    res.json({ status: true, message: 'Subscription disabled successfully' });
    sendWebhook('subscription.disable', state.subscriptionData(sub));
  });

  api.post('/customer/authorization/deactivate', (req, res) => {
    const parsed = z.object({ authorization_code: z.string() }).safeParse(req.body);
    if (!parsed.success) return void fail(res, 400, 'authorization_code is required');
    const found = state.authorizationByCode(parsed.data.authorization_code);
    if (!found) return void fail(res, 404, 'Authorization code not found');
    found.customer.authorizations = found.customer.authorizations.filter((a) => a !== found.auth);
    found.auth.reusable = false;
    res.json({ status: true, message: 'Authorization has been deactivated' });
  });

  /**
   * Sandbox control (not part of Paystack): run a subscription's next billing now, as Paystack's
   * scheduler would: charge the saved card and send `charge.success`, or `invoice.payment_failed`.
   */
  api.post('/sandbox/subscriptions/:code/charge', (req, res) => {
    const sub = state.subscriptions.get(String(req.params.code));
    if (!sub || sub.status !== 'active') return void fail(res, 404, 'No active subscription with this code');
    const decline = z.object({ decline: z.boolean().default(false) }).parse(req.body ?? {}).decline;
    const reference = code('sub').toLowerCase();
    const auth = decline ? { ...sub.authorization, reusable: false } : sub.authorization;
    const t = chargeSaved(reference, sub.customer.email, sub.plan.amount, sub.plan.currency, auth, null, sub.plan);
    if (t.status === 'success') {
      sub.next_payment_date = addInterval(new Date(sub.next_payment_date), sub.plan.interval).toISOString();
    } else {
      sub.status = 'attention';
      sendWebhook('invoice.payment_failed', {
        domain: 'test',
        invoice_code: code('INV'),
        amount: sub.plan.amount,
        status: 'failed',
        paid: false,
        description: t.gateway_response,
        subscription: state.subscriptionData(sub),
        customer: { email: sub.customer.email, customer_code: sub.customer.customer_code },
        transaction: { reference: t.reference, status: t.status, amount: t.amount, currency: t.currency },
      });
    }
    ok(res, 'Charge attempted', state.transactionData(t));
  });

  // The hosted checkout page: a browser form, no API key.
  app.use(
    '/checkout',
    checkoutRoutes({
      state,
      now,
      merchant: opts.merchant ?? 'Merchant',
      onPaid: (t) => sendWebhook('charge.success', state.transactionData(t)),
    }),
  );
  app.use(api);

  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  sandbox = {
    url: opts.publicUrl ?? `http://localhost:${port}`,
    apiUrl: `http://127.0.0.1:${port}`,
    secretKey: opts.secretKey,
    state,
    webhookUrl: opts.webhookUrl ?? null,
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return sandbox;
}
