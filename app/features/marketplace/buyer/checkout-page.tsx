import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { marketplaceContract as c } from '../../../../schema/marketplace/contract';
import { countries, countryCodes, type CountryCode } from '../../../../schema/kit/countries';
import { vatRowLabel } from '../../../../schema/kit/vat';
import {
  shippingAddress,
  zaProvinces,
  type CheckoutQuote,
  type SellerQuote,
  type ShippingAddress,
} from '../../../../schema/marketplace/marketplace-orders';
import { call } from '../../../data/api';
import { useAuth } from '../../../data/auth-store';
import { Button } from '../../../ui/button';
import { EmptyState, LoadError, Notice } from '../../../ui/feedback';
import { SelectField } from '../../../ui/form-controls';
import { PageSpinner, Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { useZodForm } from '../../../kit/forms/use-zod-form';
import { usePageMeta } from '../../../kit/page-meta';
import { SiteLink } from '../../../kit/site-link';
import { serverMessage } from '../../../kit/workspace-queries';
import { MarketLayout } from '../market-layout';
import * as s from '../market.css';
import { rand } from './product-card';

type AddressDraft = {
  name: string;
  line1: string;
  line2: string;
  city: string;
  province: string;
  postal_code: string;
  country: CountryCode;
  phone: string;
};

const blank: AddressDraft = { name: '', line1: '', line2: '', city: '', province: '', postal_code: '', country: 'ZA', phone: '' };
const countryOptions = countryCodes.map((code) => ({ value: code, label: countries[code].name }));
/** A cart with nothing posted is paid without an address. */
const noAddress = z.unknown().transform((): ShippingAddress | undefined => undefined);
const provinceOptions = [{ value: '', label: 'Choose a province' }, ...zaProvinces.map((p) => ({ value: p, label: p }))];

/**
 * /checkout: where the cart is delivered, each seller's shipping and tax, and one card payment for
 * the whole cart. A price that changed since the buyer added it is shown before anything is charged.
 * A cart with nothing posted (tickets, downloads, services) asks no address.
 */
export function CheckoutPage() {
  usePageMeta({ title: 'Checkout', description: 'Pay for your marketplace cart.' });
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const shipping = Object.entries(choices).map(([seller, rate]) => ({ seller, rate }));
  const quote = useQuery({
    queryKey: ['checkout-quote', choices],
    enabled: status === 'authenticated',
    queryFn: () => call(c.checkoutQuote, { body: { shipping } }),
    placeholderData: (previous) => previous,
  });
  const needsAddress = quote.data?.needs_address ?? true;
  const form = useZodForm<z.ZodType<ShippingAddress | undefined>, AddressDraft>(needsAddress ? shippingAddress : noAddress, {
    ...blank,
    name: user?.full_name ?? '',
  });

  const submit = form.handleSubmit(async (address) => {
    setNotice(null);
    const result = await call(c.checkout, { body: { address, shipping } });
    if (result.outcome === 'prices_changed') {
      queryClient.setQueryData(['cart'], result.cart);
      await quote.refetch();
      setNotice(result.message);
      return;
    }
    window.location.assign(result.authorization_url);
    // The page stays busy while the browser leaves for the card page.
    await new Promise(() => undefined);
  });

  if (status === 'loading') return <PageSpinner />;
  // A guest sent to sign in comes back to the cart, items and all, to check out from there.
  if (status === 'anonymous') return <Navigate to="/auth" search={{ redirect: '/cart' }} replace />;
  const v = form.values;
  const za = v.country === 'ZA';

  return (
    <MarketLayout>
      <div className={`${s.container} ${s.stack}`} style={{ maxWidth: '1040px' }}>
        <nav aria-label="Breadcrumb" className={s.crumbs}>
          <SiteLink to="/cart">Cart</SiteLink> <span aria-hidden="true">›</span> <span>Checkout</span>
        </nav>
        <h1 className={s.h1}>Checkout</h1>
        {quote.isPending ? (
          <Spinner label="Working out your totals" />
        ) : quote.isError && !quote.data ? (
          <QuoteError error={quote.error} onRetry={() => void quote.refetch()} />
        ) : quote.data && quote.data.sellers.length > 0 ? (
          <div className={s.checkoutLayout}>
            <form className={`${s.panel} ${s.stack}`} onSubmit={submit} noValidate aria-labelledby="address-title" style={{ gap: '1rem' }}>
              <h2 className={s.h2} id="address-title" style={{ margin: 0 }}>
                {needsAddress ? 'Delivery address' : 'Nothing to deliver'}
              </h2>
              {needsAddress ? (
                <>
                  <TextField label="Full name" {...form.field('name')} autoComplete="name" isRequired />
                  <TextField label="Street address" {...form.field('line1')} autoComplete="address-line1" isRequired />
                  <TextField label="Apartment, unit or complex (optional)" {...form.field('line2')} autoComplete="address-line2" />
                  <TextField label="City or town" {...form.field('city')} autoComplete="address-level2" isRequired />
                  <SelectField
                    label="Country"
                    value={v.country}
                    options={countryOptions}
                    onChange={(country) => form.update((d) => ({ ...d, country, province: country === d.country ? d.province : '' }))}
                  />
                  <div className={s.twoFields}>
                    {za ? (
                      <SelectField
                        label="Province"
                        value={v.province}
                        options={provinceOptions}
                        onChange={(province) => form.set('province', province)}
                        error={form.errors.province}
                      />
                    ) : (
                      <TextField label="Province or region" {...form.field('province')} autoComplete="address-level1" isRequired />
                    )}
                    <TextField
                      label="Postal code"
                      {...form.field('postal_code')}
                      autoComplete="postal-code"
                      inputMode={za ? 'numeric' : 'text'}
                      isRequired
                    />
                  </div>
                  <TextField
                    label="Phone (optional)"
                    {...form.field('phone')}
                    autoComplete="tel"
                    inputMode="tel"
                    description="For the courier"
                  />
                </>
              ) : (
                <p className={s.muted} data-testid="no-delivery">
                  Nothing in your cart is posted, so no delivery address is needed. Your order is complete as soon as you have paid: tickets
                  open from My Orders and come by e-mail to {user?.email}.
                </p>
              )}
              {notice ? (
                <Notice tone="warning" title="Prices changed">
                  <p className={s.muted}>{notice}</p>
                </Notice>
              ) : null}
              {form.failure ? (
                <Notice tone="error" title="Could not start the payment">
                  <p className={s.muted}>{form.failure}</p>
                  <p className={s.muted}>
                    <SiteLink to="/cart">Check your cart</SiteLink>
                  </p>
                </Notice>
              ) : null}
              <Button type="submit" isPending={form.submitting} isDisabled={quote.isFetching}>
                Pay {rand(quote.data.total_cents)}
              </Button>
              <p className={`${s.muted} ${s.small}`}>
                You pay once by card for the whole cart; each seller receives their order. You are charged in rand (ZAR).
              </p>
            </form>
            <Summary quote={quote.data} choices={choices} onChoose={(seller, rate) => setChoices((c2) => ({ ...c2, [seller]: rate }))} />
          </div>
        ) : (
          <EmptyState title="Your cart is empty">
            <p className={s.muted}>Find something you like in the marketplace.</p>
            <SiteLink to="/marketplace" variant="primary">
              Browse the marketplace
            </SiteLink>
          </EmptyState>
        )}
      </div>
    </MarketLayout>
  );
}

function QuoteError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = serverMessage(error);
  if (/cart is empty/i.test(message)) {
    return (
      <EmptyState title="Your cart is empty">
        <p className={s.muted}>Find something you like in the marketplace.</p>
        <SiteLink to="/marketplace" variant="primary">
          Browse the marketplace
        </SiteLink>
      </EmptyState>
    );
  }
  if (/cannot be bought/i.test(message)) {
    return (
      <Notice tone="warning" title="Your cart needs a look">
        <p className={s.muted}>{message}</p>
        <SiteLink to="/cart" variant="primary">
          Back to your cart
        </SiteLink>
      </Notice>
    );
  }
  return <LoadError title="Could not work out your totals" message={message} onRetry={onRetry} />;
}

function Summary({
  quote,
  choices,
  onChoose,
}: {
  quote: CheckoutQuote;
  choices: Record<string, string>;
  onChoose: (seller: string, rate: string) => void;
}) {
  return (
    <section className={s.stack} aria-labelledby="summary-title" style={{ gap: '1rem' }}>
      <h2 className={s.h2} id="summary-title" style={{ margin: 0 }}>
        Your order
      </h2>
      {quote.sellers.map((q) => (
        <SellerPart key={q.seller.slug} quote={q} choice={choices[q.seller.slug]} onChoose={(rate) => onChoose(q.seller.slug, rate)} />
      ))}
      <div className={`${s.panel} ${s.totals}`}>
        <span>Total to pay</span>
        <strong className={s.price} data-testid="checkout-total">
          {rand(quote.total_cents)}
        </strong>
      </div>
    </section>
  );
}

function SellerPart({ quote, choice, onChoose }: { quote: SellerQuote; choice: string | undefined; onChoose: (rate: string) => void }) {
  const options = quote.shipping_options.map((o) => ({
    value: o.name,
    label: `${o.name} — ${o.price_cents === 0 ? 'free' : rand(o.price_cents)}`,
  }));
  return (
    <div className={`${s.panel} ${s.stack}`} style={{ gap: '0.5rem' }} data-testid="checkout-seller">
      <h3 className={s.cardName}>{quote.seller.name}</h3>
      <ul className={s.summaryLines}>
        {quote.lines.map((l) => (
          <li key={l.product_id}>
            <span>
              {l.quantity} × {l.name}
            </span>
            <span>{rand(l.unit_price_cents * l.quantity)}</span>
          </li>
        ))}
      </ul>
      {options.length > 0 ? (
        <SelectField
          label={`Delivery from ${quote.seller.name}`}
          value={choice ?? quote.shipping_method ?? ''}
          options={options}
          onChange={onChoose}
        />
      ) : quote.ships ? (
        <p className={`${s.muted} ${s.small}`}>This seller arranges delivery or collection with you.</p>
      ) : (
        <p className={`${s.muted} ${s.small}`}>Nothing to post: complete once paid.</p>
      )}
      <dl className={s.summaryFigures}>
        <dt>Subtotal</dt>
        <dd>{rand(quote.subtotal_cents)}</dd>
        {quote.ships ? (
          <>
            <dt>Shipping</dt>
            <dd>{quote.shipping_cents === 0 ? 'Free' : rand(quote.shipping_cents)}</dd>
          </>
        ) : null}
        {quote.seller_vat_number === null ? (
          <>
            <dt>VAT</dt>
            <dd data-testid="checkout-vat">None: the seller is not VAT registered</dd>
          </>
        ) : (
          <>
            <dt>
              {vatRowLabel(quote.tax_included)} ({(quote.tax_rate_bp / 100).toLocaleString('en-ZA')}%)
            </dt>
            <dd data-testid="checkout-vat">{rand(quote.tax_cents)}</dd>
          </>
        )}
        <dt>
          <strong>Total</strong>
        </dt>
        <dd>
          <strong>{rand(quote.total_cents)}</strong>
        </dd>
      </dl>
    </div>
  );
}
