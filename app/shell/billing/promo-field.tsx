import { useState } from 'react';
import { formatZarCents, promoCheck, type PromoQuote, type PurchaseItem } from '../../../schema/billing/billing';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { serverMessage } from '../../kit/workspace-queries';
import { serverFieldErrors, useZodForm } from '../../kit/forms/use-zod-form';
import * as s from '../../ui/page.css';
import { useCheckPromo } from './billing-queries';
import * as b from './billing.css';

/**
 * An optional promo code, checked against the server's rules before paying. `onApplied` hands the
 * accepted quote up (null when cleared) so checkout sends its code; the server checks it again there.
 */
export function PromoField({ item, onApplied }: { item: PurchaseItem; onApplied: (quote: PromoQuote | null) => void }) {
  const form = useZodForm(promoCheck, { code: '' }, { toInput: (v) => ({ ...v, item }) });
  const code = form.field('code');
  const [quote, setQuote] = useState<PromoQuote | null>(null);
  const check = useCheckPromo();
  // A quote is for one item; choosing another asks again.
  const shown = quote && quote.item === item ? quote : null;

  const apply = form.handleSubmit(
    async (body) => {
      const q = await check.mutateAsync(body);
      setQuote(q);
      onApplied(q);
    },
    {
      // The server's reason (unknown, expired, used up) is said on the field itself.
      onError: (err) => {
        setQuote(null);
        onApplied(null);
        const fields = serverFieldErrors(err);
        form.refuse({ code: fields.promo_code ?? fields.code ?? serverMessage(err) });
      },
    },
  );

  return (
    <div className={s.stack}>
      <form className={b.promoRow} aria-label="Promo code" noValidate onSubmit={apply}>
        <div className={b.promoInput}>
          <TextField
            label="Promo code (optional)"
            {...code}
            onChange={(v) => {
              code.onChange(v);
              // A changed code is not the one that was checked: checkout must not send it.
              if (quote) {
                setQuote(null);
                onApplied(null);
              }
            }}
            autoComplete="off"
          />
        </div>
        <Button type="submit" variant="secondary" isPending={form.submitting} isDisabled={!code.value.trim()}>
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
