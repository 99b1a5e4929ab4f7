import { storefrontDefaults, type StorefrontSettings } from '../../schema/marketplace/marketplace.js';
import type { Db } from '../../sync-server/db/db.js';
import type { TestServer } from './server.js';
import { accessCookie, seedUser, seedWorkspace } from './sync-server.js';

/** An answer of the JSON API: its status and parsed body. */
export interface Json {
  status: number;
  body: Record<string, unknown>;
}

/** Sends JSON to the server as the app does: from its origin, with the given session cookie (or none). */
export type Send = (cookie: string | null, method: string, path: string, body?: unknown) => Promise<Json>;

export function jsonSender(server: Pick<TestServer, 'url'>): Send {
  return async (cookie, method, path, body) => {
    const res = await fetch(server.url + path, {
      method,
      headers: {
        origin: server.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
}

/** Where a test buyer has an order delivered: a valid South African address. */
export const deliveryAddress = {
  name: 'Thandi Mokoena',
  line1: '12 Vilakazi St',
  city: 'Soweto',
  province: 'Gauteng',
  postal_code: '1804',
  phone: '082 123 4567',
};

/** A shop's storefront settings as a seller first saves them: the defaults, paid by card. */
export const plainStorefront: StorefrontSettings = { ...storefrontDefaults, payment_gateway: 'paystack' };

export interface Shop {
  user: number;
  ws: number;
  cookie: string;
  slug: string;
}

/**
 * A Pro seller's workspace with its storefront open, priced in rand in South Africa. Its storefront
 * settings are saved through the API (`plainStorefront` with `storefront` over it) unless
 * `storefront` is null. The slug is the name's words and the workspace id.
 */
export async function openShop(
  db: Db,
  server: Pick<TestServer, 'url' | 'deps'>,
  name: string,
  storefront: Record<string, unknown> | null = {},
): Promise<Shop> {
  const user = await seedUser(db, { plan: 'pro' });
  const ws = await seedWorkspace(db, user);
  const slug = `${name.toLowerCase().replace(/\W+/g, '-')}-${ws}`;
  await db.query(`UPDATE workspaces SET name = $2, slug = $3, storefront_enabled = true WHERE id = $1`, [ws, name, slug]);
  await db.query(`INSERT INTO workspace_settings (workspace_id, currency, country) VALUES ($1, 'ZAR', 'ZA')`, [ws]);
  const cookie = await accessCookie(server.deps, user);
  if (storefront) {
    const saved = await jsonSender(server)(cookie, 'PUT', `/api/workspaces/${ws}/storefront`, { ...plainStorefront, ...storefront });
    if (saved.status !== 200) throw new Error(`storefront settings refused: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  return { user, ws, cookie, slug };
}

/** A South African VAT number the rule accepts (10 digits, starting with 4). */
export const TEST_VAT_NUMBER = '4123456789';

/**
 * Makes the workspace VAT registered at 15 % (schema/kit/vat.ts), its prices including VAT or not,
 * as the business settings would.
 */
export async function registerForVat(db: Db, ws: number, pricesIncludeVat: boolean): Promise<void> {
  await db.query(
    `UPDATE workspace_settings SET vat_registered = true, vat_number = $2, vat_rate_bp = 1500, prices_include_vat = $3 WHERE workspace_id = $1`,
    [ws, TEST_VAT_NUMBER, pricesIncludeVat],
  );
}
