import express from 'express';
import { z } from 'zod';
import { brandOf, checkoutPage, readCard, REFUND_FAILS_CARD, SUCCESS_CARD } from './checkout-page.js';
import { PAYEE_FIELD } from '../gateway.js';
import type { SandboxState, SandboxTransaction } from './state.js';

const customFields = z.object({
  custom_fields: z.array(z.object({ variable_name: z.string(), value: z.string() })),
});

/** The business a transaction pays, when its metadata names one (the payee custom field). */
function payeeOf(metadata: unknown): string | undefined {
  const parsed = customFields.safeParse(metadata);
  const named = parsed.success ? parsed.data.custom_fields.find((f) => f.variable_name === PAYEE_FIELD)?.value.trim() : undefined;
  return named || undefined;
}

/**
 * The sandbox's hosted checkout (mounted at /checkout): the page a tester pays on, then the redirect
 * back to the merchant's `callback_url` with `reference`, as Paystack's checkout does.
 */
export function checkoutRoutes(opts: {
  state: SandboxState;
  now: () => Date;
  merchant: string;
  onPaid: (t: SandboxTransaction) => void;
}): express.Router {
  const { state } = opts;
  const page = express.Router();
  page.use(express.urlencoded({ extended: false, limit: '8kb' }));
  page.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const view = (t: SandboxTransaction, extra: { error?: string; values?: { number?: string; expiry?: string } } = {}) =>
    checkoutPage({
      accessCode: t.access_code,
      email: t.email,
      amount: t.amount,
      currency: t.currency,
      merchant: payeeOf(t.metadata) ?? opts.merchant,
      ...extra,
    });

  function backTo(t: SandboxTransaction): string | null {
    if (!t.callback_url) return null;
    const url = new URL(t.callback_url);
    url.searchParams.set('trxref', t.reference);
    url.searchParams.set('reference', t.reference);
    return url.toString();
  }

  page.get('/:access', (req, res) => {
    const t = state.byAccessCode.get(String(req.params.access));
    if (!t) return void res.status(404).type('text/plain').send('This payment link is not valid.');
    if (t.status !== 'pending') return void res.status(410).type('text/plain').send('This payment has already been completed.');
    res.type('html').send(view(t));
  });

  page.post('/:access', (req, res) => {
    const t = state.byAccessCode.get(String(req.params.access));
    if (!t) return void res.status(404).type('text/plain').send('This payment link is not valid.');
    if (t.status !== 'pending') return void res.status(410).type('text/plain').send('This payment has already been completed.');
    const form = z.record(z.string(), z.string()).catch({}).parse(req.body);
    const card = readCard(form, opts.now());
    if (!card.ok)
      return void res
        .status(400)
        .type('html')
        .send(view(t, { error: card.error, values: { expiry: form.expiry } }));
    const customer = state.customer(t.email);
    if (card.number === SUCCESS_CARD || card.number === REFUND_FAILS_CARD) {
      t.refundsFail = card.number === REFUND_FAILS_CARD;
      t.authorization = state.authorizationFor(customer, { ...card, brand: brandOf(card.number) });
      t.status = 'success';
      t.gateway_response = 'Approved';
      t.paid_at = opts.now().toISOString();
      opts.onPaid(t);
    } else {
      t.status = 'failed';
      t.gateway_response = 'Declined';
    }
    const back = backTo(t);
    if (back) res.redirect(303, back);
    else res.type('text/plain').send(t.status === 'success' ? 'Payment successful.' : 'Payment declined.');
  });

  page.get('/:access/cancel', (req, res) => {
    const t = state.byAccessCode.get(String(req.params.access));
    if (!t) return void res.status(404).type('text/plain').send('This payment link is not valid.');
    if (t.status === 'pending') {
      t.status = 'abandoned';
      t.gateway_response = 'The customer cancelled the payment';
    }
    const back = backTo(t);
    if (back) res.redirect(303, back);
    else res.type('text/plain').send('Payment cancelled.');
  });
  return page;
}
