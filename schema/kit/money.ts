/** Largest amount the schema accepts (products.price_cents). */
const MAX_CENTS = 9_999_999_999;

export type CentsResult = { ok: true; cents: number | undefined } | { ok: false; message: string };

/**
 * Turns what a person typed ("12.5", "1 234,50", "R 12") into integer cents using the digits only,
 * never float arithmetic, so 0.1 + 0.2 style errors cannot creep into prices. Empty means "not set".
 */
export function parseCents(input: string, label: string): CentsResult {
  const cleaned = input
    .trim()
    .replace(/^[A-Za-z$€£¥₦₹]+\s*(?=\d)/, '')
    .replace(/[\s\u00a0']/g, '');
  if (cleaned === '') return { ok: true, cents: undefined };
  const match = /^(\d+)(?:[.,](\d{0,2}))?$/.exec(cleaned);
  if (!match) return { ok: false, message: `${label} must be an amount like 12.50` };
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (whole.replace(/^0+/, '').length > 8) return { ok: false, message: `${label} is too large` };
  const cents = Number(whole) * 100 + Number(fraction);
  if (cents > MAX_CENTS) return { ok: false, message: `${label} is too large` };
  return { ok: true, cents };
}

/** Cents back into the text a form field shows ("12.50"). */
export function centsToInput(cents: number | undefined): string {
  if (cents === undefined) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** "R 12.50" for ZAR: the workspace currency's narrow symbol, two decimals. */
export function formatCents(cents: number, currency: string): string {
  let f = formatters.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    } catch {
      // An unknown code still shows the amount, with the code in front.
      f = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      const plain = f;
      return `${currency} ${plain.format(cents / 100)}`;
    }
    formatters.set(currency, f);
  }
  return f.format(cents / 100);
}
