import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { AccountHeader, AccountNav } from '../account/account-header';
import { OnlineOnly } from '../pwa/online-only';
import * as s from '../../ui/page.css';
import { CreditsPanel } from './credits-panel';
import { PaymentMethodsPanel } from './payment-methods-panel';

const topupRoute = getRouteApi('/protected/subscription/topup');

/** /subscription/topup: buy AI credits (where Post an Ad sends people with no credits left). */
export function TopupPage() {
  const { reference } = topupRoute.useSearch();
  const navigate = useNavigate();
  return (
    <main className={`${s.page} ${s.narrow}`}>
      <AccountHeader title="Buy AI credits" intro="Top up the credits that pay for AI generation and ads." />
      <AccountNav />
      <OnlineOnly what="Buying credits">
        <CreditsPanel
          returnPath="/subscription/topup"
          reference={reference}
          onDismissReturn={() => void navigate({ to: '/subscription/topup', search: {}, replace: true })}
        />
      </OnlineOnly>
    </main>
  );
}

/** /payment-methods: the account's saved cards. */
export function PaymentMethodsPage() {
  return (
    <main className={`${s.page} ${s.narrow}`}>
      <AccountHeader title="Payment methods" intro="Cards saved when you paid for a plan or credits." />
      <AccountNav />
      <OnlineOnly what="Payment methods">
        <PaymentMethodsPanel />
      </OnlineOnly>
    </main>
  );
}
