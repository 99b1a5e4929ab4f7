import { createHash, randomBytes } from 'node:crypto';

/** What the sandbox remembers, in memory, in Paystack's own field names. */

export interface SandboxAuthorization {
  authorization_code: string;
  bin: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  channel: 'card';
  card_type: string;
  bank: string;
  country_code: 'ZA';
  brand: string;
  reusable: boolean;
  signature: string;
  account_name: null;
}

export interface SandboxCustomer {
  id: number;
  email: string;
  customer_code: string;
  authorizations: SandboxAuthorization[];
}

export interface SandboxPlan {
  id: number;
  name: string;
  plan_code: string;
  amount: number;
  interval: string;
  currency: string;
}

export interface SandboxTransaction {
  id: number;
  reference: string;
  access_code: string;
  email: string;
  amount: number;
  currency: string;
  callback_url: string | null;
  metadata: unknown;
  status: 'pending' | 'success' | 'failed' | 'abandoned';
  gateway_response: string;
  paid_at: string | null;
  created_at: string;
  authorization: SandboxAuthorization | null;
  plan: SandboxPlan | null;
  /** A dynamic split given at initialize: each subaccount's flat share. */
  split?: SandboxSplit | null;
  /**
   * The subaccount that owns the payment (initialize's `subaccount`), who bears the fee (`bearer`),
   * and the platform's flat cut (`transaction_charge`; null: the subaccount's percentage charge).
   */
  subaccount?: { account: SandboxSubaccount; bearer: 'account' | 'subaccount'; transaction_charge: number | null } | null;
  /** Cents given back by refunds so far (a refund that failed gives its cents back to the balance left). */
  refunded?: number;
  /** Paid with the card whose refunds fail. */
  refundsFail?: boolean;
}

export interface SandboxSubaccount {
  id: number;
  subaccount_code: string;
  business_name: string;
  settlement_bank: string;
  account_number: string;
  percentage_charge: number;
  currency: string;
  active: boolean;
}

export interface SandboxSplit {
  type: 'flat' | 'percentage';
  bearer_type: string;
  currency: string;
  subaccounts: { subaccount: SandboxSubaccount; share: number }[];
}

export interface SandboxRefund {
  id: number;
  transaction: SandboxTransaction;
  amount: number;
  currency: string;
  merchant_note: string | null;
  /** Pending when asked for; processed or failed when the bank answers (its webhook). */
  status: 'pending' | 'processed' | 'failed';
  createdAt: string;
}

export interface SandboxSubscription {
  id: number;
  subscription_code: string;
  email_token: string;
  status: 'active' | 'non-renewing' | 'attention' | 'complete' | 'cancelled';
  customer: SandboxCustomer;
  plan: SandboxPlan;
  authorization: SandboxAuthorization;
  next_payment_date: string;
  createdAt: string;
}

export const code = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export class SandboxState {
  private seq = 1000;
  readonly customers = new Map<string, SandboxCustomer>();
  readonly transactions = new Map<string, SandboxTransaction>();
  readonly byAccessCode = new Map<string, SandboxTransaction>();
  readonly plans = new Map<string, SandboxPlan>();
  readonly subscriptions = new Map<string, SandboxSubscription>();
  readonly subaccounts = new Map<string, SandboxSubaccount>();
  readonly refunds: SandboxRefund[] = [];

  nextId(): number {
    return ++this.seq;
  }

  customer(email: string): SandboxCustomer {
    const key = email.toLowerCase();
    let c = this.customers.get(key);
    if (!c) {
      c = { id: this.nextId(), email, customer_code: code('CUS'), authorizations: [] };
      this.customers.set(key, c);
    }
    return c;
  }

  customerByCode(value: string): SandboxCustomer | undefined {
    if (value.includes('@')) return this.customers.get(value.toLowerCase());
    return [...this.customers.values()].find((c) => c.customer_code === value);
  }

  /** A card seen once keeps its signature, so the same card saved twice is one card. */
  authorizationFor(
    customer: SandboxCustomer,
    card: { number: string; expMonth: number; expYear: number; brand: string },
  ): SandboxAuthorization {
    const signature = `SIG_${createHash('sha256').update(card.number).digest('hex').slice(0, 20)}`;
    const existing = customer.authorizations.find((a) => a.signature === signature);
    if (existing) return existing;
    const auth: SandboxAuthorization = {
      authorization_code: code('AUTH'),
      bin: card.number.slice(0, 6),
      last4: card.number.slice(-4),
      exp_month: String(card.expMonth).padStart(2, '0'),
      exp_year: String(card.expYear),
      channel: 'card',
      card_type: `${card.brand} DEBIT`,
      bank: 'TEST BANK',
      country_code: 'ZA',
      brand: card.brand,
      reusable: true,
      signature,
      account_name: null,
    };
    customer.authorizations.push(auth);
    return auth;
  }

  authorizationByCode(authorizationCode: string): { customer: SandboxCustomer; auth: SandboxAuthorization } | undefined {
    for (const customer of this.customers.values()) {
      const auth = customer.authorizations.find((a) => a.authorization_code === authorizationCode);
      if (auth) return { customer, auth };
    }
    return undefined;
  }

  /** A transaction as verify and webhooks describe it. */
  transactionData(t: SandboxTransaction) {
    const customer = this.customer(t.email);
    return {
      id: t.id,
      domain: 'test',
      status: t.status,
      reference: t.reference,
      amount: t.amount,
      message: null,
      gateway_response: t.gateway_response,
      paid_at: t.paid_at,
      created_at: t.created_at,
      channel: 'card',
      currency: t.currency,
      metadata: t.metadata,
      fees: t.status === 'success' ? Math.round(t.amount * 0.029) : null,
      authorization: t.authorization,
      customer: {
        id: customer.id,
        email: customer.email,
        customer_code: customer.customer_code,
        first_name: null,
        last_name: null,
        phone: null,
        metadata: null,
        risk_action: 'default',
        international_format_phone: null,
      },
      plan: t.plan ? t.plan.plan_code : null,
      plan_object: t.plan ?? {},
      split: t.split
        ? {
            type: t.split.type,
            bearer_type: t.split.bearer_type,
            currency: t.split.currency,
            subaccounts: t.split.subaccounts.map((s) => ({ subaccount: s.subaccount.subaccount_code, share: s.share })),
          }
        : {},
      subaccount: t.subaccount ? this.subaccountData(t.subaccount.account) : {},
      bearer: t.subaccount?.bearer ?? null,
      transaction_charge: t.subaccount?.transaction_charge ?? null,
      requested_amount: t.amount,
      transaction_date: t.created_at,
    };
  }

  subaccountData(s: SandboxSubaccount) {
    return {
      id: s.id,
      domain: 'test',
      subaccount_code: s.subaccount_code,
      business_name: s.business_name,
      settlement_bank: s.settlement_bank,
      account_number: s.account_number,
      percentage_charge: s.percentage_charge,
      currency: s.currency,
      active: s.active,
      is_verified: false,
      settlement_schedule: 'AUTO',
    };
  }

  /** A refund event's data as Paystack's refund.processed / refund.failed webhooks carry it. */
  refundEventData(r: SandboxRefund) {
    return {
      status: r.status,
      transaction_reference: r.transaction.reference,
      refund_reference: null,
      amount: r.amount,
      currency: r.currency,
      processor: 'sandbox',
      customer: { email: r.transaction.email },
      integration: 1,
      domain: 'test',
      id: r.id,
    };
  }

  refundData(r: SandboxRefund) {
    return {
      transaction: {
        id: r.transaction.id,
        domain: 'test',
        reference: r.transaction.reference,
        amount: r.transaction.amount,
        currency: r.currency,
      },
      integration: 1,
      deducted_amount: 0,
      channel: null,
      merchant_note: r.merchant_note ?? '',
      customer_note: '',
      status: r.status,
      refunded_by: 'sandbox',
      expected_at: r.createdAt,
      currency: r.currency,
      domain: 'test',
      amount: r.amount,
      fully_deducted: false,
      id: r.id,
      createdAt: r.createdAt,
      updatedAt: r.createdAt,
    };
  }

  subscriptionData(s: SandboxSubscription) {
    return {
      id: s.id,
      domain: 'test',
      status: s.status,
      subscription_code: s.subscription_code,
      email_token: s.email_token,
      amount: s.plan.amount,
      next_payment_date: s.next_payment_date,
      createdAt: s.createdAt,
      plan: s.plan,
      customer: { id: s.customer.id, email: s.customer.email, customer_code: s.customer.customer_code },
      authorization: s.authorization,
    };
  }
}

/** The next payment date one plan interval after `from`. */
export function addInterval(from: Date, interval: string): Date {
  const d = new Date(from);
  if (interval === 'annually') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else if (interval === 'biannually') d.setUTCMonth(d.getUTCMonth() + 6);
  else if (interval === 'weekly') d.setUTCDate(d.getUTCDate() + 7);
  else if (interval === 'daily') d.setUTCDate(d.getUTCDate() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}
