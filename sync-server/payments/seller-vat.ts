import { saleTotalCents, saleVatOf, vatStatusOf, type SaleVat, type VatStatus } from '../../schema/kit/vat.js';
import type { Queryable } from '../db/db.js';

/**
 * What a workspace charges as VAT now, by the one rule from its settings (schema/kit/vat.ts; no
 * settings: not registered, no VAT). A sale made online (a booking, tickets) fixes it when made.
 */
export async function sellerVat(q: Queryable, workspaceId: number): Promise<VatStatus> {
  const [row] = await q.query<{
    prices_include_vat: boolean | null;
    vat_registered: boolean | null;
    vat_number: string | null;
    vat_rate_bp: number | null;
  }>('SELECT prices_include_vat, vat_registered, vat_number, vat_rate_bp FROM workspace_settings WHERE workspace_id = $1 AND id = 1', [
    workspaceId,
  ]);
  if (!row) return vatStatusOf(undefined);
  return vatStatusOf({
    prices_include_vat: row.prices_include_vat ?? true,
    vat_registered: row.vat_registered,
    vat_number: row.vat_number,
    vat_rate_bp: Number(row.vat_rate_bp ?? 0),
  });
}

/**
 * `saleVatOf` in SQL, for a row a device pushes (a collection's `computedOnInsert`): the VAT columns
 * of record `x` (its `workspace_id`) on its `amount` column, from the workspace's settings as they
 * stand at the insert. Half-up rounding as `vatIncluded` / `vatAdded` (numeric `round` rounds half
 * away from zero, the same for amounts of 0 or more).
 */
export function saleVatSql(x: string, amount: string): { tax_rate_bp: string; tax_cents: string; tax_included: string } {
  const settings = `FROM workspace_settings s WHERE s.workspace_id = ${x}.workspace_id AND s.id = 1`;
  const rate = `COALESCE((SELECT CASE WHEN COALESCE(s.vat_registered, COALESCE(btrim(s.vat_number), '') <> '') THEN COALESCE(s.vat_rate_bp, 0) ELSE 0 END ${settings}), 0)`;
  const included = `COALESCE((SELECT s.prices_include_vat ${settings}), true)`;
  return {
    tax_rate_bp: rate,
    tax_cents: `round(${x}.${amount}::numeric * ${rate} / (10000 + CASE WHEN ${included} THEN ${rate} ELSE 0 END))::bigint`,
    tax_included: included,
  };
}

/** The VAT columns a booking or ticket order stores (null on one from before VAT was fixed on them). */
export interface StoredSaleVat {
  tax_rate_bp: number | string | null;
  tax_cents: number | string | null;
  tax_included: boolean | null;
}

/** The VAT stored on a sale, or null when it has none (made before VAT was fixed on it). */
export function storedSaleVat(row: StoredSaleVat): SaleVat | null {
  if (row.tax_rate_bp === null || row.tax_cents === null || row.tax_included === null) return null;
  return { tax_rate_bp: Number(row.tax_rate_bp), tax_cents: Number(row.tax_cents), tax_included: row.tax_included };
}

/** A sale of `priceCents` by the seller's VAT now: the VAT fixed on it, and what the buyer pays (VAT on top added). */
export function pricedSale(status: VatStatus, priceCents: number): { amount: number; vat: SaleVat } {
  const vat = saleVatOf(status, priceCents);
  return { amount: saleTotalCents(priceCents, vat), vat };
}
