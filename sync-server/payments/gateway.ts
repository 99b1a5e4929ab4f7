/**
 * The card-payment provider as Vuka uses it (DESIGN.md §9): hosted checkout, verification, charging
 * a saved card, plans and subscriptions. `paystackGateway` speaks Paystack's HTTP API; pointed at
 * the local sandbox it runs the same code path in development and tests.
 */

/** A reusable card as the provider describes it. We keep only the token, brand, last4 and expiry. */
export interface CardAuthorization {
  authorizationCode: string;
  signature: string;
  last4: string;
  expMonth: number;
  expYear: number;
  brand: string;
  bank: string | null;
  cardType: string | null;
  reusable: boolean;
  channel: string;
}

export type TransactionStatus = 'success' | 'failed' | 'abandoned' | 'pending' | 'reversed';

export interface VerifiedTransaction {
  reference: string;
  status: TransactionStatus;
  /** Cents. */
  amount: number;
  currency: string;
  /** The provider's word on the charge ('Approved', 'Declined', …). */
  gatewayResponse: string;
  paidAt: string | null;
  authorization: CardAuthorization | null;
  customerEmail: string | null;
  customerCode: string | null;
  /** Plan code when the provider charged a subscription renewal. */
  planCode: string | null;
  /** The seller's payout account (subaccount code) the payment was settled to, if any. */
  subaccount: string | null;
}

/** One of Paystack's metadata `custom_fields`: a labelled value shown with the transaction. */
export interface MetadataCustomField {
  display_name: string;
  variable_name: string;
  value: string;
}

/**
 * The custom field that names whom the customer pays (a workspace's shop, when the platform takes a
 * payment on its behalf); the checkout page shows it as the merchant.
 */
export const PAYEE_FIELD = 'payee';

export interface InitializeInput {
  email: string;
  amount: number;
  currency: string;
  reference: string;
  callbackUrl: string;
  metadata: Record<string, string | number | MetadataCustomField[]>;
  /** A dynamic split (Paystack's `split` object): each subaccount's flat share, in cents. */
  split?: { subaccounts: { subaccount: string; share: number }[] };
  /**
   * The seller's payout account (a subaccount code) that owns the payment: the provider settles it
   * to the seller, who bears the provider's fee; the platform keeps nothing of it.
   */
  subaccount?: string;
}

/** A refund the provider accepted. */
export interface ProviderRefund {
  id: number;
  /** Cents. */
  amount: number;
  status: string;
}

export interface ProviderSubscription {
  subscriptionCode: string;
  emailToken: string;
  status: string;
  nextPaymentDate: string | null;
}

export interface PaymentGateway {
  initialize(input: InitializeInput): Promise<{ authorizationUrl: string; accessCode: string; reference: string }>;
  verify(reference: string): Promise<VerifiedTransaction>;
  chargeAuthorization(input: {
    email: string;
    amount: number;
    currency: string;
    authorizationCode: string;
    reference: string;
    metadata: Record<string, string | number>;
  }): Promise<VerifiedTransaction>;
  createPlan(input: { name: string; amount: number; interval: 'monthly' | 'annually'; currency: string }): Promise<{ planCode: string }>;
  createSubscription(input: { customer: string; plan: string; authorization: string; startDate: string }): Promise<ProviderSubscription>;
  disableSubscription(input: { code: string; token: string }): Promise<void>;
  /** Makes a saved card unusable for further charges. */
  deactivateAuthorization(authorizationCode: string): Promise<void>;
  /** A payout account for a seller: their share of split payments is settled to it. */
  createSubaccount(input: { businessName: string; settlementBank: string; accountNumber: string }): Promise<{ subaccountCode: string }>;
  /** Gives back all (no amount) or part of a successful transaction. */
  refund(input: { reference: string; amount?: number; note?: string }): Promise<ProviderRefund>;
}

/** The provider refused a call or could not be reached. `message` is safe to show. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
