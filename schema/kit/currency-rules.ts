/**
 * Money display rules of spec §9 "Money, currency and dates": the price-display currencies, their
 * symbols, the built-in fallback rates and the conversion from the ZAR base prices. Pure and free of
 * zod, so the landing page can show prices without it; schema/kit/currency.ts adds the zod schemas.
 */

export const currencyCodes = ['USD', 'ZAR', 'EUR', 'INR', 'PKR', 'BDT', 'CAD', 'NGN', 'KES'] as const;
export type CurrencyCode = (typeof currencyCodes)[number];

export const DEFAULT_CURRENCY: CurrencyCode = 'ZAR';
/** Prices are authored in ZAR (spec §9). */
export const BASE_CURRENCY: CurrencyCode = 'ZAR';

export const currencySymbols: Record<CurrencyCode, string> = {
  USD: '$',
  ZAR: 'R',
  EUR: '€',
  INR: '₹',
  PKR: 'Rs',
  BDT: '৳',
  CAD: 'C$',
  NGN: '₦',
  KES: 'KSh',
};

export const currencyNames: Record<CurrencyCode, string> = {
  USD: 'US Dollar',
  ZAR: 'South African Rand',
  EUR: 'Euro',
  INR: 'Indian Rupee',
  PKR: 'Pakistani Rupee',
  BDT: 'Bangladeshi Taka',
  CAD: 'Canadian Dollar',
  NGN: 'Nigerian Naira',
  KES: 'Kenyan Shilling',
};

/** USD-based rates: how many units of each currency one US dollar buys. */
export type UsdRates = Record<CurrencyCode, number>;

/** Built-in rates per USD (spec §9), used when the rate service fails or lacks a currency. */
export const fallbackRates: UsdRates = {
  USD: 1,
  ZAR: 18.25,
  EUR: 0.85,
  INR: 83.5,
  PKR: 285,
  BDT: 110,
  CAD: 1.35,
  NGN: 780,
  KES: 145,
};

/**
 * Completes a rates map from any source: each of our currencies takes the source's rate when it is a
 * positive finite number, otherwise its built-in rate. Also reports which currencies fell back.
 */
export function completeRates(source: Record<string, unknown> | undefined): {
  rates: UsdRates;
  fallbacks: CurrencyCode[];
} {
  const rates = { ...fallbackRates };
  const fallbacks: CurrencyCode[] = [];
  for (const code of currencyCodes) {
    const value = source?.[code];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) rates[code] = value;
    else if (code !== 'USD') fallbacks.push(code);
  }
  return { rates, fallbacks };
}

/** amount / rate[ZAR] * rate[target], or null when a needed rate is missing, zero or not a number. */
export function tryConvertFromZar(amountZar: number, target: CurrencyCode, rates: Partial<UsdRates>): number | null {
  if (target === BASE_CURRENCY) return amountZar;
  const zar = rates.ZAR;
  const to = rates[target];
  if (zar === undefined || to === undefined || !(zar > 0) || !(to > 0)) return null;
  const out = (amountZar / zar) * to;
  return Number.isFinite(out) ? out : null;
}

/** Converts a ZAR amount; if that cannot be computed the unconverted amount comes back (spec §8). */
export function convertFromZar(amountZar: number, target: CurrencyCode, rates: Partial<UsdRates>): number {
  return tryConvertFromZar(amountZar, target, rates) ?? amountZar;
}

/**
 * The display rule (spec §9: "USD, CAD and EUR show whole numbers; the others are rounded"): we read
 * both halves as one rule — every display price is rounded half-up to whole units of its currency,
 * so R499 stays R499, $27.34 shows $27 and ₹2,284.9 shows ₹2,285. Large amounts get en-US grouping.
 */
export function roundForDisplay(amount: number): number {
  return Math.round(amount);
}

/** Symbol then amount; a symbol ending in two letters (Rs, KSh) gets a space so it stays readable. */
export function formatPrice(amount: number, currency: CurrencyCode): string {
  const symbol = currencySymbols[currency];
  const digits = roundForDisplay(amount).toLocaleString('en-US', { maximumFractionDigits: 0 });
  return /[A-Za-z]{2}$/.test(symbol) ? `${symbol} ${digits}` : `${symbol}${digits}`;
}

/**
 * Converts a ZAR base price and formats it. When conversion fails the unconverted amount is shown
 * with the Rand symbol, so a visitor never sees R499 labelled as $499.
 */
export function displayPrice(amountZar: number, currency: CurrencyCode, rates: Partial<UsdRates>): string {
  const converted = tryConvertFromZar(amountZar, currency, rates);
  return converted === null ? formatPrice(amountZar, BASE_CURRENCY) : formatPrice(converted, currency);
}

/** Countries of spec §9 with their own currency and symbol (amounts shown with 2 decimals). */
export const countries = [
  { code: 'ZA', name: 'South Africa', currency: 'ZAR', symbol: 'R' },
  { code: 'US', name: 'United States', currency: 'USD', symbol: '$' },
  { code: 'GB', name: 'United Kingdom', currency: 'GBP', symbol: '£' },
  { code: 'EU', name: 'European Union', currency: 'EUR', symbol: '€' },
  { code: 'AU', name: 'Australia', currency: 'AUD', symbol: 'A$' },
  { code: 'NG', name: 'Nigeria', currency: 'NGN', symbol: '₦' },
  { code: 'KE', name: 'Kenya', currency: 'KES', symbol: 'KSh' },
  { code: 'BW', name: 'Botswana', currency: 'BWP', symbol: 'P' },
  { code: 'NA', name: 'Namibia', currency: 'NAD', symbol: 'N$' },
] as const;
export type CountryCode = (typeof countries)[number]['code'];
export const countryCodes: readonly CountryCode[] = countries.map((c) => c.code);
export const DEFAULT_COUNTRY: CountryCode = 'ZA';

/** An amount in a country's own currency, 2 decimals with the country symbol (spec §9). */
export function formatCountryAmount(amount: number, country: CountryCode): string {
  const entry = countries.find((c) => c.code === country) ?? countries[0];
  const digits = amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return /[A-Za-z]{2}$/.test(entry.symbol) ? `${entry.symbol} ${digits}` : `${entry.symbol}${digits}`;
}
