import { useId } from 'react';
import { currencyCodes, currencyNames, currencySymbols } from '../../../../schema/kit/currency-rules';
import { currencyCode, currencySetting } from './currency-settings';
import * as s from './currency-select.css';

/**
 * The price-display currency picker. A native select: smallest, fully keyboard and screen-reader
 * friendly, and the phone's own picker on mobile.
 */
export function CurrencySelect({ compact = false }: { compact?: boolean }) {
  const id = useId();
  const currency = currencySetting.use();
  return (
    <div className={s.wrap}>
      <label htmlFor={id} className={compact ? s.hiddenLabel : s.label}>
        Currency
      </label>
      <select
        id={id}
        className={s.select}
        value={currency}
        data-testid="currency-select"
        onChange={(e) => {
          const parsed = currencyCode.safeParse(e.target.value);
          if (parsed.success) currencySetting.set(parsed.data);
        }}
      >
        {currencyCodes.map((code) => (
          <option key={code} value={code}>
            {code} ({currencySymbols[code]}){compact ? '' : ` — ${currencyNames[code]}`}
          </option>
        ))}
      </select>
    </div>
  );
}
