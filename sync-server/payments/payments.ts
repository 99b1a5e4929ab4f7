import type { Config } from '../config.js';
import type { PaymentGateway } from './gateway.js';
import { paystackGateway } from './paystack.js';

const gateways = new WeakMap<Config, { key: string; base: string; gateway: PaymentGateway }>();

/** The configured card-payment gateway, or null when none is configured (the UI then says so). */
export function paymentGateway(config: Config): PaymentGateway | null {
  const key = config.PAYSTACK_SECRET_KEY;
  if (!key) return null;
  const cached = gateways.get(config);
  if (cached && cached.key === key && cached.base === config.PAYSTACK_BASE_URL) return cached.gateway;
  const gateway = paystackGateway({ baseUrl: config.PAYSTACK_BASE_URL, secretKey: key });
  gateways.set(config, { key, base: config.PAYSTACK_BASE_URL, gateway });
  return gateway;
}

/** The path Paystack (or the sandbox) posts webhooks to. */
export const WEBHOOK_PATH = '/api/billing/paystack/webhook';
