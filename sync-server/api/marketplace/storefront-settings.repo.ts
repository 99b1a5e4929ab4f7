import type { Queryable } from '../../db/db.js';
import { storefrontDefaults, type StorefrontSettings } from '../../../schema/marketplace/marketplace.js';
import { vatStatusOf, type VatStatus } from '../../../schema/kit/vat.js';

/** A seller's storefront settings, in the seller's workspace scope (the checkout reads its terms). */

interface SettingsRow {
  shipping_enabled: boolean;
  shipping_rates: StorefrontSettings['shipping_rates'];
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

interface VatRow {
  prices_include_vat: boolean | null;
  vat_registered: boolean | null;
  vat_number: string | null;
  vat_rate_bp: number | null;
}

/**
 * Each seller's checkout terms in one query: their storefront settings (the defaults without a row)
 * and their VAT, by the one rule from their workspace's settings (schema/kit/vat.ts; no row: no VAT).
 */
export async function readCheckoutTerms(
  q: Queryable,
  workspaceIds: readonly number[],
): Promise<Map<number, { settings: StorefrontSettings; vat: VatStatus }>> {
  const rows = await q.query<SettingsRow & VatRow & { workspace_id: number; has_settings: boolean; has_workspace_settings: boolean }>(
    `SELECT w.id AS workspace_id, s.workspace_id IS NOT NULL AS has_settings, ${SETTINGS_COLUMN_NAMES.map((c) => `s.${c}`).join(', ')},
            ws.workspace_id IS NOT NULL AS has_workspace_settings, ws.prices_include_vat, ws.vat_registered, ws.vat_number, ws.vat_rate_bp
       FROM unnest($1::int[]) AS w(id)
       LEFT JOIN storefront_settings s ON s.workspace_id = w.id
       LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1`,
    [workspaceIds],
  );
  return new Map(
    rows.map(
      ({
        workspace_id,
        has_settings,
        has_workspace_settings,
        prices_include_vat,
        vat_registered,
        vat_number,
        vat_rate_bp,
        ...settings
      }) => [
        workspace_id,
        {
          settings: has_settings ? settings : storefrontDefaults,
          vat: vatStatusOf(
            has_workspace_settings
              ? { prices_include_vat: prices_include_vat ?? true, vat_registered, vat_number, vat_rate_bp: vat_rate_bp ?? 0 }
              : undefined,
          ),
        },
      ],
    ),
  );
}

export async function writeSettings(q: Queryable, workspaceId: number, s: StorefrontSettings): Promise<void> {
  await q.query(
    `INSERT INTO storefront_settings (workspace_id, ${SETTINGS_COLUMNS}, updated_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8::jsonb, $9, $10, $11::jsonb, now())
     ON CONFLICT (workspace_id) DO UPDATE SET
       shipping_enabled = EXCLUDED.shipping_enabled, shipping_rates = EXCLUDED.shipping_rates,
       payment_gateway = EXCLUDED.payment_gateway, order_prefix = EXCLUDED.order_prefix,
       auto_fulfill_digital = EXCLUDED.auto_fulfill_digital, order_confirmation_email = EXCLUDED.order_confirmation_email,
       checkout_fields = EXCLUDED.checkout_fields, terms = EXCLUDED.terms, return_policy = EXCLUDED.return_policy,
       featured_product_ids = EXCLUDED.featured_product_ids, updated_at = now()`,
    [
      workspaceId,
      s.shipping_enabled,
      JSON.stringify(s.shipping_rates),
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
