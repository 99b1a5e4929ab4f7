import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { invoicesContract, type PublicQuoteDto } from '../../../../schema/invoices/contract';
import { acceptMessages, acceptPageMessages } from '../../../../schema/invoices/quote-acceptance';
import { formatCents } from '../../../../schema/kit/money';
import { ApiError, call } from '../../../data/api';
import { useOnline } from '../../../kit/online';
import { Button } from '../../../ui/button';
import { Notice } from '../../../ui/feedback';
import { ModalDialog } from '../../../ui/modal-dialog';
import { PageSpinner } from '../../../ui/spinner';
import * as w from '../../../ui/page.css';
import { NotFound } from '../../../routes/not-found';
import * as s from '../invoices.css';
import * as p from './public-invoice.css';
import { CustomerParty, DocumentDates, DocumentLines, DocumentTotals, SellerHead } from './public-document-parts';

const route = getRouteApi('/storefront/$slug/quote/$quoteNumber');

/** /storefront/{slug}/quote/{number}?t=…: the customer's view of a quote, no sign-in, with "Accept quote". */
export function PublicQuotePage() {
  const { slug, quoteNumber } = route.useParams();
  const { t } = route.useSearch();
  const key = ['public-quote', slug, quoteNumber, t] as const;
  const quote = useQuery({
    queryKey: key,
    queryFn: () => call(invoicesContract.publicQuote, { params: { slug, number: quoteNumber }, query: { t } }),
    retry: (n, err) => !(err instanceof ApiError && err.status === 404) && n < 2,
  });
  if (quote.isPending) return <PageSpinner label="Opening the quote..." />;
  if (quote.isError) {
    if (quote.error instanceof ApiError && quote.error.status === 404) return <NotFound />;
    return (
      <main className={p.page}>
        <p role="alert">Could not open the quote. Check your connection and try again.</p>
      </main>
    );
  }
  return <PublicQuote quote={quote.data} slug={slug} token={t ?? ''} queryKey={key} />;
}

/** The quote shown, and what "Accept quote" needs: the shop, the link's token and the page's query to refresh. */
interface QuoteProps {
  quote: PublicQuoteDto;
  slug: string;
  token: string;
  queryKey: readonly unknown[];
}

function PublicQuote({ quote: q, slug, token, queryKey }: QuoteProps) {
  return (
    <main className={p.page}>
      <Standing quote={q} />
      {q.standing === 'open' ? <AcceptQuote quote={q} slug={slug} token={token} queryKey={queryKey} /> : null}
      <article className={s.paper} aria-label={`${q.heading} ${q.number}`}>
        <div className={s.paperHead}>
          <SellerHead doc={q} />
          <DocumentDates issued={q.issue_date} second={{ label: 'Valid until', date: q.valid_until, testId: 'valid-until' }} />
        </div>
        <CustomerParty label="Quote for" name={q.customer_name} address={q.customer_address} />
        <DocumentLines items={q.items} currency={q.currency} />
        <DocumentTotals doc={q} />
        {q.notes ? (
          <div>
            <p className={s.label}>Notes</p>
            <p className={s.partyText}>{q.notes}</p>
          </div>
        ) : null}
        {q.terms ? (
          <div>
            <p className={s.label}>Terms</p>
            <p className={s.partyText}>{q.terms}</p>
          </div>
        ) : null}
      </article>
      <div className={[s.actions, s.noPrint].join(' ')}>
        <Button variant="secondary" onPress={() => window.print()}>
          Print
        </Button>
      </div>
    </main>
  );
}

/** Where the quote stands, when it can no longer be accepted (or was just accepted). */
function Standing({ quote: q }: { quote: PublicQuoteDto }) {
  if (q.standing === 'open') return null;
  if (q.standing === 'accepted') {
    return (
      <Notice title="Quote accepted">
        <p className={w.muted} data-testid="quote-standing">
          This quote is accepted. {q.business} has been told and will send you the invoice.
        </p>
      </Notice>
    );
  }
  return (
    <Notice tone="warning" title="This quote cannot be accepted">
      <p data-testid="quote-standing">{acceptMessages[q.standing]}</p>
    </Notice>
  );
}

/** "Accept quote", asked again in a dialog before the server converts it; needs the network. */
function AcceptQuote({ quote: q, slug, token, queryKey }: QuoteProps) {
  const online = useOnline();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const accept = useMutation({
    mutationFn: () => call(invoicesContract.acceptQuote, { params: { slug, number: q.number }, body: { t: token } }),
    onSuccess: (next) => client.setQueryData(queryKey, next),
    // Accepted meanwhile (another tab), expired or withdrawn: the page reads where it stands now.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) void client.invalidateQueries({ queryKey });
    },
  });
  const total = formatCents(q.total_cents, q.currency);
  return (
    <section className={p.pay} aria-label="Accept this quote">
      <p className={p.payText}>
        Happy with this quote of <strong>{total}</strong>? Accept it and {q.business} will be told and send you the invoice.
      </p>
      {q.valid_until ? <p className={[p.payText, w.muted].join(' ')}>You can accept it until {q.valid_until}.</p> : null}
      {online ? (
        <div>
          <Button onPress={() => setAsking(true)} isPending={accept.isPending}>
            Accept quote
          </Button>
        </div>
      ) : (
        <Notice tone="warning">{acceptPageMessages.offline}</Notice>
      )}
      {accept.isError ? (
        <p role="alert" className={w.muted}>
          {accept.error instanceof ApiError && accept.error.status !== 500 ? accept.error.serverMessage : acceptPageMessages.failed}
        </p>
      ) : null}
      <ModalDialog title={`Accept quote ${q.number}?`} isOpen={asking} onOpenChange={setAsking}>
        <div className={w.dialogBody}>
          <p className={w.muted}>
            You accept {q.business}’s quote of {total}. {q.business} is told at once and turns it into an invoice for you.
          </p>
          <div className={w.formActions}>
            <Button variant="secondary" onPress={() => setAsking(false)}>
              Cancel
            </Button>
            <Button
              onPress={() => {
                setAsking(false);
                accept.mutate();
              }}
            >
              Accept quote
            </Button>
          </div>
        </div>
      </ModalDialog>
    </section>
  );
}
