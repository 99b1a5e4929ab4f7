import { formatCents } from './money.js';

/**
 * The one VAT rule (DESIGN.md §14), read by the till, invoices, the marketplace checkout and its
 * orders and tickets, and every PDF and e-mail, all from the workspace's settings:
 * - a seller that is not VAT registered charges no VAT and issues an "Invoice";
 * - a registered one charges its rate (15 % in South Africa), its products' own rates where they
 *   have one (zero-rated bread), and issues a "Tax Invoice".
 * Pure, so the till applies it on the device from the replicated settings, offline too.
 */
export interface VatSettings {
  /** The explicit answer; null when never asked (a workspace then counts as registered when it has a VAT number). */
  vat_registered?: boolean | null;
  vat_number?: string | null;
  /** The standard rate in hundredths of a percent (1500 = 15 %). */
  vat_rate_bp?: number;
  prices_include_vat?: boolean;
}

export interface VatStatus {
  registered: boolean;
  /** The standard rate charged: 0 when not registered. */
  rateBp: number;
  pricesIncludeVat: boolean;
  /** The VAT number documents print: only a registered seller's. */
  vatNumber: string | null;
}

const hasText = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** Whether the workspace is VAT registered: its answer, else whether it has a VAT number. */
export function isVatRegistered(settings: VatSettings | null | undefined): boolean {
  if (!settings) return false;
  return settings.vat_registered ?? hasText(settings.vat_number);
}

/** What the workspace charges, from its settings (absent settings: not registered, no VAT). */
export function vatStatusOf(settings: VatSettings | null | undefined): VatStatus {
  const registered = isVatRegistered(settings);
  return {
    registered,
    rateBp: registered ? (settings?.vat_rate_bp ?? 0) : 0,
    pricesIncludeVat: settings?.prices_include_vat ?? true,
    vatNumber: registered && hasText(settings?.vat_number) ? settings.vat_number.trim() : null,
  };
}

/** The rate a line is charged: the product's own rate where it has one, else the standard rate; 0 when not registered. */
export function lineRateBp(status: Pick<VatStatus, 'registered' | 'rateBp'>, ownRateBp?: number | null): number {
  if (!status.registered) return 0;
  return ownRateBp ?? status.rateBp;
}

/** Half-up rounding of numerator / denominator for non-negative integers, exact in BigInt. */
function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** amount × rate / (10 000 + `extraBp`), rounded half up to the cent (half away from zero below 0). */
function taxPart(amountCents: number, rateBp: number, extraBp: number): number {
  if (rateBp <= 0 || amountCents === 0) return 0;
  const sign = amountCents < 0 ? -1n : 1n;
  const abs = BigInt(Math.abs(amountCents));
  return Number(sign * divRoundHalfUp(abs * BigInt(rateBp), 10_000n + BigInt(extraBp)));
}

/** The VAT inside a VAT-inclusive amount at `rateBp`, rounded half up to the cent (what the till shows). */
export function vatIncluded(amountCents: number, rateBp: number): number {
  return taxPart(amountCents, rateBp, rateBp);
}

/** The VAT on top of a VAT-exclusive amount at `rateBp`, rounded half up to the cent. */
export function vatAdded(amountCents: number, rateBp: number): number {
  return taxPart(amountCents, rateBp, 0);
}

/**
 * The name of a totals block's VAT row: VAT inside VAT-inclusive prices is "VAT included"; VAT on top
 * is "VAT added" (an invoice's block, with its rate column beside, says just "VAT").
 */
export function vatRowLabel(pricesIncludeVat: boolean, onTop: 'VAT added' | 'VAT' = 'VAT added'): string {
  return pricesIncludeVat ? 'VAT included' : onTop;
}

export type VatDocumentKind = 'invoice' | 'credit_note' | 'quote' | 'receipt';

/** The title a document carries: a registered seller's invoice is a "Tax Invoice", anyone else's an "Invoice". */
export function documentTitle(kind: VatDocumentKind, registered: boolean): string {
  switch (kind) {
    case 'quote':
      return 'Quote';
    case 'credit_note':
      return registered ? 'Tax Credit Note' : 'Credit Note';
    case 'receipt':
      return registered ? 'Tax invoice / receipt' : 'Receipt';
    default:
      return registered ? 'Tax Invoice' : 'Invoice';
  }
}

export const vatMessages = {
  numberRequired: 'Enter your VAT number: a VAT-registered business prints it on every tax invoice',
  zaNumber: 'A South African VAT number has 10 digits and starts with 4',
  registeredRequired: 'Choose whether the business is VAT registered',
} as const;

/** South African VAT numbers: 10 digits, the first a 4. */
const ZA_VAT_NUMBER = /^4\d{9}$/;

/** What is wrong with the VAT fields together (a registered seller needs a valid number), or undefined. */
export function vatNumberProblem(
  settings: Pick<VatSettings, 'vat_registered' | 'vat_number'> & { country?: string | null },
): string | undefined {
  const number = settings.vat_number?.replace(/\s+/g, '') ?? '';
  if (settings.vat_registered === true && number === '') return vatMessages.numberRequired;
  if (number !== '' && settings.country === 'ZA' && !ZA_VAT_NUMBER.test(number)) return vatMessages.zaNumber;
  return undefined;
}

/**
 * The VAT fixed on one sale when it is made (a booking, a ticket order): its rate (0 when the
 * seller is not registered), the VAT in cents, and whether that VAT is inside the price or on top.
 * A later change of the settings leaves a stored one as it is.
 */
export interface SaleVat {
  tax_rate_bp: number;
  tax_cents: number;
  tax_included: boolean;
}

/** The VAT on a sale of `amountCents` at the seller's standard rate, by the one rule. */
export function saleVatOf(status: Pick<VatStatus, 'registered' | 'rateBp' | 'pricesIncludeVat'>, amountCents: number): SaleVat {
  const rate = lineRateBp(status);
  return {
    tax_rate_bp: rate,
    tax_cents: status.pricesIncludeVat ? vatIncluded(amountCents, rate) : vatAdded(amountCents, rate),
    tax_included: status.pricesIncludeVat,
  };
}

/** What the buyer pays for a sale of `amountCents`: VAT on top is added, VAT inside is not. */
export function saleTotalCents(amountCents: number, vat: SaleVat | null | undefined): number {
  return amountCents + (vat && !vat.tax_included ? vat.tax_cents : 0);
}

/** Whether a sale shows a VAT line: only one a VAT-registered seller made (a rate above 0). */
export const showsVat = (vat: SaleVat | null | undefined): vat is SaleVat => !!vat && vat.tax_rate_bp > 0;

/** A sale's VAT row as its confirmation page and e-mail say it ("VAT included R 16.96"), or null when it shows none. */
export function saleVatText(vat: SaleVat | null | undefined, currency: string): string | null {
  return showsVat(vat) ? `${vatRowLabel(vat.tax_included)} ${formatCents(vat.tax_cents, currency)}` : null;
}
