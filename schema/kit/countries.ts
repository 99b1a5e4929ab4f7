import { z } from 'zod';

/**
 * Where a workspace trades decides how it starts: its currency, clock and sales tax. One table, read
 * by the create-workspace form (what the choice will set) and by the server (what it stores), so
 * the two never disagree. Every value is only a starting point: all of it changes in settings.
 *
 * VAT rates are the standard rate in basis points (1500 = 15 %). South Africa's facts: DESIGN.md §14.
 */
export interface CountryDefaults {
  name: string;
  currency: string;
  timezone: string;
  vat_rate_bp: number;
  /** Whether shelf prices already include VAT (consumer prices in South Africa must). */
  prices_include_vat: boolean;
}

export const countries = {
  ZA: { name: 'South Africa', currency: 'ZAR', timezone: 'Africa/Johannesburg', vat_rate_bp: 1500, prices_include_vat: true },
  BW: { name: 'Botswana', currency: 'BWP', timezone: 'Africa/Gaborone', vat_rate_bp: 1400, prices_include_vat: true },
  LS: { name: 'Lesotho', currency: 'LSL', timezone: 'Africa/Maseru', vat_rate_bp: 1500, prices_include_vat: true },
  SZ: { name: 'Eswatini', currency: 'SZL', timezone: 'Africa/Mbabane', vat_rate_bp: 1500, prices_include_vat: true },
  NA: { name: 'Namibia', currency: 'NAD', timezone: 'Africa/Windhoek', vat_rate_bp: 1500, prices_include_vat: true },
  MZ: { name: 'Mozambique', currency: 'MZN', timezone: 'Africa/Maputo', vat_rate_bp: 1600, prices_include_vat: true },
  ZM: { name: 'Zambia', currency: 'ZMW', timezone: 'Africa/Lusaka', vat_rate_bp: 1600, prices_include_vat: true },
  KE: { name: 'Kenya', currency: 'KES', timezone: 'Africa/Nairobi', vat_rate_bp: 1600, prices_include_vat: true },
  TZ: { name: 'Tanzania', currency: 'TZS', timezone: 'Africa/Dar_es_Salaam', vat_rate_bp: 1800, prices_include_vat: true },
  UG: { name: 'Uganda', currency: 'UGX', timezone: 'Africa/Kampala', vat_rate_bp: 1800, prices_include_vat: true },
  NG: { name: 'Nigeria', currency: 'NGN', timezone: 'Africa/Lagos', vat_rate_bp: 750, prices_include_vat: true },
  GH: { name: 'Ghana', currency: 'GHS', timezone: 'Africa/Accra', vat_rate_bp: 1500, prices_include_vat: true },
} as const satisfies Record<string, CountryDefaults>;

export type CountryCode = keyof typeof countries;

export const countryMessages = {
  unknown: 'Choose a country from the list, or "Other"',
} as const;

/** ISO 3166-1 alpha-2 codes the table knows. */
export const countryCodes = Object.keys(countries) as [CountryCode, ...CountryCode[]];
export const countryCode = z.enum(countryCodes, { error: countryMessages.unknown });

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && Object.hasOwn(countries, value);
}

/**
 * What a workspace starts with when no country is known (made before countries were asked, created
 * by Post an Ad, or "Other"): spec §3 workspace_settings, US dollars and UTC, no VAT.
 */
export const noCountryDefaults = {
  currency: 'USD',
  timezone: 'UTC',
  vat_rate_bp: 0,
  prices_include_vat: false,
} as const;

/** The settings a new workspace in `country` starts with; the spec's defaults when there is none. */
export function countryDefaults(country: CountryCode | null | undefined) {
  if (!country) return { country: null, ...noCountryDefaults };
  const { currency, timezone, vat_rate_bp, prices_include_vat } = countries[country];
  return { country, currency, timezone, vat_rate_bp, prices_include_vat };
}

/** The create-workspace choices: the table's countries, then "Other" (no country: the spec's defaults). */
export const OTHER_COUNTRY = 'other';
export const countryOptions: ReadonlyArray<{ value: CountryCode | typeof OTHER_COUNTRY; label: string }> = [
  ...countryCodes.map((code) => ({ value: code, label: countries[code].name })),
  { value: OTHER_COUNTRY, label: 'Other' },
];

/** "15 %" from 1500, "7.5 %" from 750 (a no-break space, so the sign never starts a line). */
export function formatRate(bp: number): string {
  return `${(bp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}\u00a0%`;
}

/**
 * "15", "7.5", "15 %", "15,5" → basis points. Anything that is not a number gives NaN and more than
 * two decimals a fraction, so the shared schema refuses them with its own words.
 */
export function percentToBp(input: string): number {
  const cleaned = input.trim().replace(/\s*%$/, '').replace(',', '.');
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!m) return Number.NaN;
  const [, sign, whole, frac = ''] = m;
  const bp = Number(whole) * 100 + (frac.length > 2 ? Number(`0.${frac}`) * 100 : Number(frac.padEnd(2, '0')));
  return sign ? -bp : bp;
}
