import { displayPrice } from '../../../../schema/kit/currency-rules';
import { currencySetting } from './currency-settings';
import { useExchangeRates } from './use-exchange-rates';

/** A ZAR base price shown in the visitor's currency. `data-price` lets tests find every price. */
export function Price({ zar, className }: { zar: number; className?: string }) {
  const currency = currencySetting.use();
  const rates = useExchangeRates();
  return (
    <span className={className} data-price={zar} data-currency={currency}>
      {displayPrice(zar, currency, rates)}
    </span>
  );
}

/** The formatter for places that need a string (e.g. table cells, aria labels). */
export function usePriceFormatter(): (zar: number) => string {
  const currency = currencySetting.use();
  const rates = useExchangeRates();
  return (zar) => displayPrice(zar, currency, rates);
}
