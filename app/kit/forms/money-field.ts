import { z } from 'zod';
import { parseCents } from '../../../schema/kit/money';

/**
 * An amount typed as text ("12.50", "R 12,50"), parsed to cents: blank is `undefined`, anything else
 * that is not an amount is refused with parseCents' message (or `wrongShape`, when given, for a field
 * that is not money, such as a VAT percentage).
 */
export function moneyField(label: string, wrongShape?: string) {
  return z.string().transform((value, ctx) => {
    const parsed = parseCents(value, label);
    if (parsed.ok) return parsed.cents;
    ctx.addIssue({ code: 'custom', message: wrongShape && !parsed.message.endsWith('too large') ? wrongShape : parsed.message });
    return z.NEVER;
  });
}

/** As moneyField, for an amount that must be given: blank is refused with `blank`. */
export function requiredMoney(label: string, blank: string) {
  return moneyField(label).pipe(z.number({ error: blank }));
}
