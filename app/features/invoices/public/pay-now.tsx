import { useMemo } from 'react';
import { z } from 'zod';
import { invoicesContract, payMessages, type PublicInvoiceDto } from '../../../../schema/invoices/contract';
import { sendRequest } from '../../../../schema/invoices/invoices';
import { formatCents } from '../../../../schema/kit/money';
import { call } from '../../../data/api';
import { Button } from '../../../ui/button';
import { Notice } from '../../../ui/feedback';
import { TextField } from '../../../ui/text-field';
import * as w from '../../../ui/page.css';
import { useZodForm } from '../../../kit/forms/use-zod-form';
import { useOnline } from '../../../kit/online';
import * as p from './public-invoice.css';

const withEmail = z.object({ email: sendRequest.shape.to });
const withoutEmail = z.object({ email: z.string().optional() });

/**
 * "Pay now": the balance by card at the card partner's checkout, which comes back to this page. The
 * customer's e-mail is asked for only when the invoice has none. Needs the network, and says so.
 */
export function PayNow({ invoice, slug, number, token }: { invoice: PublicInvoiceDto; slug: string; number: string; token: string }) {
  // Back from a checkout that did not go through: the same button starts a new one.
  const again = invoice.checkout === 'failed' || invoice.checkout === 'expired';
  const online = useOnline();
  const form = useZodForm(
    useMemo(() => (invoice.has_email ? withoutEmail : withEmail), [invoice.has_email]),
    { email: '' },
  );
  const submit = form.handleSubmit(async ({ email }) => {
    const started = await call(invoicesContract.payInvoice, {
      params: { slug, number },
      body: { t: token, ...(invoice.has_email || !email ? {} : { email }) },
    });
    window.location.assign(started.authorization_url);
    // The browser is leaving: the button stays busy until it has gone.
    await new Promise(() => undefined);
  });
  return (
    <section className={p.pay} aria-label="Pay online">
      <p className={p.payText}>
        Pay the balance of <strong>{formatCents(invoice.balance_cents, invoice.currency)}</strong> by card.
      </p>
      {online ? (
        <form className={p.payForm} noValidate onSubmit={submit} aria-label="Pay now">
          {invoice.has_email ? null : (
            <TextField label="Your e-mail (for the receipt)" type="email" autoComplete="email" {...form.field('email')} />
          )}
          {form.failure && !form.errors.email ? (
            <p role="alert" className={w.muted}>
              {form.failure}
            </p>
          ) : null}
          <div>
            <Button type="submit" isPending={form.submitting}>
              {again ? 'Try again' : 'Pay now'}
            </Button>
          </div>
        </form>
      ) : (
        <Notice tone="warning">{payMessages.offline}</Notice>
      )}
    </section>
  );
}

/** Back from the checkout: what became of the payment the address names. */
export function CheckoutNotice({ checkout, reason }: { checkout: PublicInvoiceDto['checkout']; reason: string | null }) {
  if (checkout === 'pending') {
    return (
      <Notice title="Confirming your payment">
        <p className={w.muted}>Your card payment is being confirmed. This page updates by itself.</p>
      </Notice>
    );
  }
  if (checkout === 'paid') {
    return (
      <Notice title="Payment received">
        <p className={w.muted}>Thank you: your card payment has been received.</p>
      </Notice>
    );
  }
  if (checkout === 'expired') {
    return (
      <Notice tone="warning" title="This payment was never completed">
        <p className={w.muted}>The checkout was closed unpaid. You can start a new one.</p>
      </Notice>
    );
  }
  if (checkout === 'failed') {
    return (
      <Notice tone="warning" title="The payment did not go through">
        {reason ? <p data-testid="checkout-reason">The card payment service said: {reason}.</p> : null}
        <p className={w.muted}>Nothing was charged. You can try again, with this card or another.</p>
      </Notice>
    );
  }
  return null;
}
