import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { formatCents } from '../../../schema/kit/money';
import * as w from '../../ui/page.css';
import { lineForTotals, type LineDraft, type LineErrors } from './document-draft';
import { lineTotals } from '../../../schema/invoices/invoices';
import * as s from './invoices.css';

/**
 * The lines of an invoice or quote. Every control is a labelled field in reading order, so Tab walks
 * a line left to right; a new line takes the focus on its description.
 */
export function LineItemsEditor({
  lines,
  errors,
  currency,
  pricesIncludeVat,
  focus,
  onChange,
  onAdd,
  onRemove,
}: {
  lines: LineDraft[];
  errors: Record<string, LineErrors>;
  currency: string;
  /** The document's VAT choice, said above the lines. */
  pricesIncludeVat: boolean;
  /** The line whose description should take the focus (a line just added, or the one before a removed line). */
  focus: { id: string; seq: number } | null;
  onChange: (id: string, patch: Partial<LineDraft>) => void;
  onAdd: () => void;
  onRemove: (id: string) => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!focus) return;
    listRef.current?.querySelector<HTMLInputElement>(`[data-line-id="${focus.id}"] input`)?.focus();
  }, [focus]);
  return (
    <fieldset className={[w.stack, s.fieldset].join(' ')}>
      <legend className={w.sectionTitle}>Lines</legend>
      <p className={[w.muted, w.small].join(' ')}>
        {pricesIncludeVat
          ? 'Prices include VAT; the VAT inside each line is counted per line.'
          : 'Prices exclude VAT; VAT is added per line.'}{' '}
        Quantities may have up to 3 decimals.
      </p>
      <ol className={s.lines} aria-label="Lines" ref={listRef}>
        {lines.map((line, i) => {
          const e = errors[line.id] ?? {};
          const parsed = lineForTotals(line);
          const n = i + 1;
          return (
            <li key={line.id} className={s.line} aria-label={`Line ${n}`} data-line-id={line.id}>
              <div className={s.lineDescription}>
                <TextField
                  label="Description"
                  value={line.description}
                  onChange={(v) => onChange(line.id, { description: v })}
                  error={e.description}
                />
              </div>
              <TextField
                label="Quantity"
                value={line.quantity}
                onChange={(v) => onChange(line.id, { quantity: v })}
                error={e.quantity}
                inputMode="decimal"
              />
              <TextField
                label="Unit price"
                value={line.price}
                onChange={(v) => onChange(line.id, { price: v })}
                error={e.price}
                inputMode="decimal"
                placeholder="0.00"
              />
              <TextField label="VAT %" value={line.tax} onChange={(v) => onChange(line.id, { tax: v })} error={e.tax} inputMode="decimal" />
              <TextField
                label="Discount %"
                value={line.discount}
                onChange={(v) => onChange(line.id, { discount: v })}
                error={e.discount}
                inputMode="decimal"
                placeholder="0"
              />
              <div className={s.lineFoot}>
                <span className={s.amount} aria-label={`Line ${n} total`} data-testid="line-total">
                  {parsed ? formatCents(lineTotals(parsed).net_cents, currency) : '—'}
                </span>
                <Button variant="ghost" onPress={() => onRemove(line.id)} isDisabled={lines.length === 1} aria-label={`Remove line ${n}`}>
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div>
        <Button variant="secondary" onPress={onAdd}>
          Add line
        </Button>
      </div>
    </fieldset>
  );
}
