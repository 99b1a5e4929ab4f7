import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { invoicesContract, type PublicInvoiceDto } from '../../../../schema/invoices/contract';
import { paymentMethodLabels } from '../../../../schema/invoices/invoices';
import { formatCents } from '../../../../schema/kit/money';
import { ApiError, call } from '../../../data/api';
import { ButtonAnchor } from '../../../ui/button-anchor';
import { Button } from '../../../ui/button';
import { PageSpinner } from '../../../ui/spinner';
import { NotFound } from '../../../routes/not-found';
import * as s from '../invoices.css';
import { CheckoutNotice, PayNow } from './pay-now';
import * as p from './public-invoice.css';
import { CustomerParty, DocumentDates, DocumentLines, DocumentTotals, SellerHead, TotalRow } from './public-document-parts';

const route = getRouteApi('/storefront/$slug/invoice/$invoiceNumber');

const statusText: Record<string, string> = { sent: 'Unpaid', partially_paid: 'Partially paid', paid: 'Paid', cancelled: 'Cancelled' };

/** /storefront/{slug}/invoice/{number}?t=…: the customer's view of an invoice, no sign-in, printable. */
export function PublicInvoicePage() {
  const { slug, invoiceNumber } = route.useParams();
  const { t, reference } = route.useSearch();
  const invoice = useQuery({
    queryKey: ['public-invoice', slug, invoiceNumber, t, reference],
    queryFn: () => call(invoicesContract.publicInvoice, { params: { slug, number: invoiceNumber }, query: { t, ref: reference } }),
    retry: (n, err) => !(err instanceof ApiError && err.status === 404) && n < 2,
    // Back from the card checkout: asked again until the card partner's webhook has settled it.
    refetchInterval: (q) => (q.state.data?.checkout === 'pending' ? 2000 : false),
  });
  if (invoice.isPending) return <PageSpinner label="Opening the invoice..." />;
  if (invoice.isError) {
    if (invoice.error instanceof ApiError && invoice.error.status === 404) return <NotFound />;
    return (
      <main className={p.page}>
        <p role="alert">Could not open the invoice. Check your connection and try again.</p>
      </main>
    );
  }
  return <PublicInvoice invoice={invoice.data} slug={slug} token={t ?? ''} />;
}

function PublicInvoice({ invoice: inv, slug, token }: { invoice: PublicInvoiceDto; slug: string; token: string }) {
  const money = (c: number) => formatCents(c, inv.currency);
  const url = typeof window === 'undefined' ? '' : window.location.href;
  const whatsApp = `https://wa.me/?text=${encodeURIComponent(`${inv.heading} ${inv.number} from ${inv.business}: ${url}`)}`;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <main className={p.page}>
      <CheckoutNotice checkout={inv.checkout} reason={inv.checkout_reason} />
      {inv.payable && inv.checkout !== 'pending' ? <PayNow invoice={inv} slug={slug} number={inv.number} token={token} /> : null}
      <article className={s.paper} aria-label={`${inv.heading} ${inv.number}`}>
        <div className={s.paperHead}>
          <SellerHead doc={inv}>
            <span className={inv.status === 'paid' ? s.status.good : s.status.warn} data-testid="public-status">
              {statusText[inv.status] ?? inv.status}
            </span>
          </SellerHead>
          <DocumentDates issued={inv.issue_date} second={{ label: 'Due', date: inv.due_date, testId: 'due-date' }} />
        </div>
        <CustomerParty label="Bill to" name={inv.customer_name} address={inv.customer_address} />
        <DocumentLines items={inv.items} currency={inv.currency} />
        <DocumentTotals doc={inv}>
          {inv.credited_cents > 0 ? <TotalRow label="Credited" value={`−${money(inv.credited_cents)}`} testId="public-credited" /> : null}
          <TotalRow label="Paid" value={money(inv.paid_cents)} testId="public-paid" />
          <TotalRow label="Balance due" value={money(inv.balance_cents)} strong testId="public-balance" />
        </DocumentTotals>
        {inv.credit_notes.length > 0 ? (
          <div>
            <p className={s.label}>Credit notes</p>
            <ul className={p.payments} data-testid="public-credit-notes">
              {inv.credit_notes.map((note) => (
                <li key={note.number}>
                  {note.date}: {note.number}, {money(note.amount_cents)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {inv.payments.length > 0 ? (
          <div>
            <p className={s.label}>Payments received</p>
            <ul className={p.payments}>
              {inv.payments.map((pay) => (
                <li key={pay.id}>
                  {pay.date}: {money(pay.amount_cents)} ({paymentMethodLabels[pay.method]}
                  {pay.reference ? `, ${pay.reference}` : ''})
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </article>
      <div className={[s.actions, s.noPrint].join(' ')}>
        <Button variant="secondary" onPress={() => window.print()}>
          Print
        </Button>
        <ButtonAnchor variant="secondary" href={whatsApp} target="_blank" rel="noopener noreferrer">
          WhatsApp
        </ButtonAnchor>
        {canShare ? (
          <Button
            variant="secondary"
            onPress={() => void navigator.share({ title: `${inv.heading} ${inv.number}`, url }).catch(() => undefined)}
          >
            Share
          </Button>
        ) : null}
      </div>
    </main>
  );
}
