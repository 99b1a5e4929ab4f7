import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import {
  creditPack,
  creditPackId,
  creditPacks,
  formatZarCents,
  type CreditPackId,
  type PaymentMethodDto,
  type PromoQuote,
} from '../../../schema/billing/billing';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { Notice, LoadError } from '../../ui/feedback';
import { SelectField } from '../../ui/form-controls';
import { serverMessage } from '../../kit/workspace-queries';
import * as s from '../../ui/page.css';
import { useBillingOverview, useChargeSavedCard, useStartCheckout } from './billing-queries';
import { cardName, dueNow } from './billing-format';
import { CheckoutReturn } from './checkout-return';
import { PromoField } from './promo-field';
import * as b from './billing.css';

const NEW_CARD = 'new';

/** The AI credit balance and credit packs to buy, with a saved card or through checkout. */
export function CreditsPanel({
  returnPath,
  reference,
  onDismissReturn,
}: {
  returnPath: string;
  reference?: string;
  onDismissReturn: () => void;
}) {
  const overview = useBillingOverview();
  return (
    <div className={s.stack}>
      <CheckoutReturn reference={reference} onDismiss={onDismissReturn} />
      {overview.isPending ? (
        <Spinner label="Loading your credits..." />
      ) : overview.isError ? (
        <LoadError title="Could not load your credits" message={serverMessage(overview.error)} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <Card aria-labelledby="credit-balance-title">
            <h2 className={s.sectionTitle} id="credit-balance-title">
              AI credits
            </h2>
            <p className={b.balance} data-testid="credit-balance">
              {overview.data.credits}
            </p>
            <p className={s.muted}>Credits pay for AI generation. Your plan adds its monthly credits at the start of each billing cycle.</p>
          </Card>
          <BuyCredits returnPath={returnPath} enabled={overview.data.payments_enabled} cards={overview.data.payment_methods} />
        </>
      )}
    </div>
  );
}

function BuyCredits({ returnPath, enabled, cards }: { returnPath: string; enabled: boolean; cards: PaymentMethodDto[] }) {
  const [pack, setPack] = useState<CreditPackId>('credits_150');
  const [quote, setQuote] = useState<PromoQuote | null>(null);
  const defaultCard = cards.find((c) => c.is_default) ?? cards[0];
  const [payWith, setPayWith] = useState<string>(defaultCard ? String(defaultCard.id) : NEW_CARD);
  const start = useStartCheckout();
  const charge = useChargeSavedCard();
  const chosen = creditPack(pack);
  const due = dueNow(pack, chosen.priceCents, quote);
  const savedCard = cards.find((c) => String(c.id) === payWith);
  const failure = start.error ?? charge.error;

  const buy = () => {
    charge.reset();
    if (savedCard) charge.mutate({ pack, promo: due.code, methodId: savedCard.id });
    else start.mutate({ kind: 'credits', pack, promo: due.code, returnPath });
  };

  return (
    <Card aria-labelledby="buy-credits-title">
      <h2 className={s.sectionTitle} id="buy-credits-title">
        Buy AI credits
      </h2>
      {!enabled ? (
        <Notice tone="warning" title="Card payments are not set up on this server yet">
          <p className={s.muted}>Ask the person who runs this server to configure the card payment provider.</p>
        </Notice>
      ) : (
        <div className={s.stack}>
          <RadioGroup
            value={pack}
            onChange={(v) => {
              const parsed = creditPackId.safeParse(v);
              if (parsed.success) setPack(parsed.data);
            }}
          >
            <Label className={b.groupLabel}>Credit pack</Label>
            <div className={b.choices}>
              {creditPacks.map((p) => (
                <Radio key={p.id} value={p.id} className={b.choice} aria-label={`${p.credits} credits for ${formatZarCents(p.priceCents)}`}>
                  <p className={b.choiceTitle}>{p.credits} credits</p>
                  <p className={b.choicePrice}>{formatZarCents(p.priceCents)}</p>
                  <p className={s.muted}>{formatZarCents(Math.round(p.priceCents / p.credits))} per credit</p>
                </Radio>
              ))}
            </div>
          </RadioGroup>
          <PromoField item={pack} onApplied={setQuote} />
          {cards.length ? (
            <SelectField
              label="Pay with"
              value={payWith}
              onChange={setPayWith}
              options={[
                ...cards.map((c) => ({ value: String(c.id), label: `${cardName(c)}${c.is_default ? ' (default)' : ''}` })),
                { value: NEW_CARD, label: 'A new card' },
              ]}
            />
          ) : null}
          <p className={b.total}>
            <span>Total</span>
            <span className={b.amount}>{formatZarCents(due.total)}</span>
          </p>
          {failure ? (
            <Notice tone="error" title="Payment not completed">
              <p className={s.muted}>{serverMessage(failure)}</p>
            </Notice>
          ) : null}
          {charge.data ? (
            <Notice
              tone={charge.data.status === 'success' ? 'info' : 'error'}
              title={charge.data.status === 'success' ? 'Payment successful' : 'Payment not completed'}
            >
              <p className={s.muted} data-testid="charge-outcome">
                {charge.data.message}
              </p>
            </Notice>
          ) : null}
          <Button wide isPending={charge.isPending || start.isPending || start.isSuccess} onPress={buy}>
            {`Buy ${chosen.credits} credits for ${formatZarCents(due.total)}`}
          </Button>
          <p className={`${s.muted} ${s.small}`}>
            {savedCard
              ? `Your ${cardName(savedCard)} is charged at once.`
              : "You pay on the card provider's secure page and come back here. We never see or store your card number."}
          </p>
        </div>
      )}
    </Card>
  );
}
