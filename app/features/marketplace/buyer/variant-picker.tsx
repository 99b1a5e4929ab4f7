import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { MarketVariant } from '../../../../schema/marketplace/marketplace';
import { variantMessages } from '../../../../schema/inventory/product-variants';
import * as s from '../market.css';
import { rand } from './product-card';

/**
 * The options of a product with variants (sizes, colours), one picked at a time: a radio group, so
 * arrow keys move between options and the choice is announced. A sold-out option can still be
 * picked, to see that it is sold out; each option's price shows when the prices differ.
 */
export function VariantPicker({
  variants,
  value,
  onChange,
}: {
  variants: readonly MarketVariant[];
  value: string;
  onChange: (id: string) => void;
}) {
  const pricesDiffer = new Set(variants.map((v) => v.price_cents)).size > 1;
  return (
    <RadioGroup value={value} onChange={onChange} data-testid="variant-picker">
      <Label className={s.optionLabel}>{variantMessages.pickOption}</Label>
      <div className={s.optionChoices}>
        {variants.map((v) => (
          <Radio key={v.id} value={v.id} className={s.optionChoice}>
            <span className={s.optionName}>{v.option}</span>
            {pricesDiffer || v.stock === 'out' ? (
              <span className={s.optionNote}>
                {[pricesDiffer ? rand(v.price_cents) : null, v.stock === 'out' ? 'Sold out' : null].filter(Boolean).join(' · ')}
              </span>
            ) : null}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

/** The option a page opens on: the one whose address was opened, else the first that is not sold out. */
export function firstChoice(p: { id: string; group_id: string; variants: readonly MarketVariant[] }): string {
  if (p.id !== p.group_id && p.variants.some((v) => v.id === p.id)) return p.id;
  return (p.variants.find((v) => v.stock !== 'out') ?? p.variants.find((v) => v.id === p.id) ?? p.variants[0])?.id ?? p.id;
}
