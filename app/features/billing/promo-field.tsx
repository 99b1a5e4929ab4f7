import { useState } from 'react';
import { formatZarCents, type PromoQuote, type PurchaseItem } from '../../../schema/billing';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { firstFieldErrors, serverMessage } from '../workspaces/workspace-queries';
import * as s from '../../ui/page.css';
import { useCheckPromo } from './billing-queries';
import * as b from './billing.css';

/**
 * An optional promo code, checked against the server's rules before paying. `onApplied` hands the
 * accepted quote up (null when cleared) so checkout sends its code; the server checks it again there.
 */
export function PromoField({ item, onApplied }: { item: PurchaseItem; onApplied: (quote: PromoQuote | null) => void }) {
  const [code, setCode] = useState('');
  const [quote, setQuote] = useState<PromoQuote | null>(null);
  const check = useCheckPromo();
  const error = check.isError
    ? (firstFieldErrors(check.error).promo_code ?? firstFieldErrors(check.error).code ?? serverMessage(check.error))
    : undefined;
  // A quote is for one item; choosing another asks again.
  const shown = quote && quote.item === item ? quote : null;

  const apply = () => {
    if (!code.trim()) return;
    check.mutate(
      { code, item },
      {
        onSuccess: (q) => {
          setQuote(q);
          onApplied(q);
        },
        onError: () => {
          setQuote(null);
          onApplied(null);
        },
      },
    );
  };

  return (
    <div className={s.stack}>
      <form
        className={b.promoRow}
        aria-label="Promo code"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <div className={b.promoInput}>
          <TextField
            label="Promo code (optional)"
            value={code}
            onChange={(v) => {
              setCode(v);
              if (quote) {
                setQuote(null);
                onApplied(null);
              }
              check.reset();
            }}
            error={error}
            autoComplete="off"
          />
        </div>
        <Button type="submit" variant="secondary" isPending={check.isPending} isDisabled={!code.trim()}>
          Apply
        </Button>
      </form>
      {shown ? (
        <p className={s.muted} role="status">
          {shown.description}: you save {formatZarCents(shown.discount_cents)} and pay {formatZarCents(shown.total_cents)}.
        </p>
      ) : null}
    </div>
  );
}
