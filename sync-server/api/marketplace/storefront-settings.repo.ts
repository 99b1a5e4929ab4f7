import type { Queryable } from '../../db/db.js';
import { storefrontDefaults, type StorefrontSettings } from '../../../schema/marketplace/marketplace.js';

/** A seller's storefront settings, in the seller's workspace scope (the checkout reads its terms). */

interface SettingsRow {
  shipping_enabled: boolean;
  shipping_rates: StorefrontSettings['shipping_rates'];
  tax_rate_bp: number;
  payment_gateway: StorefrontSettings['payment_gateway'];
  order_prefix: string;
  auto_fulfill_digital: boolean;
  order_confirmation_email: boolean;
  checkout_fields: StorefrontSettings['checkout_fields'];
  terms: string;
  return_policy: string;
  featured_product_ids: string[];
}

const SETTINGS_COLUMN_NAMES = [
  'shipping_enabled',
  'shipping_rates',
  'tax_rate_bp',
  'payment_gateway',
  'order_prefix',
  'auto_fulfill_digital',
  'order_confirmation_email',
  'checkout_fields',
  'terms',
  'return_policy',
  'featured_product_ids',
] as const;
const SETTINGS_COLUMNS = SETTINGS_COLUMN_NAMES.join(', ');

export async function readSettings(q: Queryable, workspaceId: number): Promise<StorefrontSettings> {
  const rows = await q.query<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM storefront_settings WHERE workspace_id = $1`, [workspaceId]);
  return rows[0] ?? storefrontDefaults;
}

/**
 * Each seller's checkout terms in one query: their storefront settings (the defaults without a row)
 * and whether their prices already hold VAT (the workspace's setting; no settings row means not).
 */
export async function readCheckoutTerms(
  q: Queryable,
  workspaceIds: readonly number[],
): Promise<Map<number, { settings: StorefrontSettings; pricesIncludeVat: boolean }>> {
  const rows = await q.query<SettingsRow & { workspace_id: number; has_settings: boolean; prices_include_vat: boolean | null }>(
    `SELECT w.id AS workspace_id, s.workspace_id IS NOT NULL AS has_settings, ${SETTINGS_COLUMN_NAMES.map((c) => `s.${c}`).join(', ')}, ws.prices_include_vat
       FROM unnest($1::int[]) AS w(id)
       LEFT JOIN storefront_settings s ON s.workspace_id = w.id
       LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1`,
    [workspaceIds],
  );
  return new Map(
    rows.map(({ workspace_id, has_settings, prices_include_vat, ...settings }) => [
      workspace_id,
      { settings: has_settings ? settings : storefrontDefaults, pricesIncludeVat: prices_include_vat ?? false },
    ]),
  );
}

export async function writeSettings(q: Queryable, workspaceId: number, s: StorefrontSettings): Promise<void> {
  await q.query(
    `INSERT INTO storefront_settings (workspace_id, ${SETTINGS_COLUMNS}, updated_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12::jsonb, now())
     ON CONFLICT (workspace_id) DO UPDATE SET
       shipping_enabled = EXCLUDED.shipping_enabled, shipping_rates = EXCLUDED.shipping_rates, tax_rate_bp = EXCLUDED.tax_rate_bp,
       payment_gateway = EXCLUDED.payment_gateway, order_prefix = EXCLUDED.order_prefix,
       auto_fulfill_digital = EXCLUDED.auto_fulfill_digital, order_confirmation_email = EXCLUDED.order_confirmation_email,
       checkout_fields = EXCLUDED.checkout_fields, terms = EXCLUDED.terms, return_policy = EXCLUDED.return_policy,
       featured_product_ids = EXCLUDED.featured_product_ids, updated_at = now()`,
    [
      workspaceId,
      s.shipping_enabled,
      JSON.stringify(s.shipping_rates),
      s.tax_rate_bp,
      s.payment_gateway,
      s.order_prefix,
      s.auto_fulfill_digital,
      s.order_confirmation_email,
      JSON.stringify(s.checkout_fields),
      s.terms,
      s.return_policy,
      JSON.stringify(s.featured_product_ids),
    ],
  );
}

export async function workspaceFacts(q: Queryable, workspaceId: number) {
  const rows = await q.query<{ slug: string; storefront_enabled: boolean; currency: string | null }>(
    `SELECT w.slug, w.storefront_enabled, ws.currency FROM workspaces w
       LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1 WHERE w.id = $1`,
    [workspaceId],
  );
  return rows[0] ?? null;
}
