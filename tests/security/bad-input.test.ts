import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pullResponse, pushResponse } from '../../schema/sync/contract.js';
import { stockMessages } from '../../schema/inventory/catalog.js';
import { fillPath, type EndpointDef } from '../../schema/kit/http.js';
import { badPathBody, inputMessages, MAX_INT } from '../../schema/kit/input.js';
import { orderMessages } from '../../schema/marketplace/marketplace-orders.js';
import { recordKindList, recordMessages } from '../../schema/sync/records.js';
import { replicatedByName, replicatedNames } from '../../schema/replicated.js';
import type { Db } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { dealFields, seedBoard } from '../support/deal-board.js';
import { seedPaidOrder } from '../support/marketplace-orders.js';
import { signedInUser, uniqueEmail } from '../support/fixtures.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deliveryAddress, openShop } from '../support/shops.js';
import { seedWorkspace, syncApi } from '../support/sync-server.js';

import { contract, examples, EXAMPLE_PASSWORD as PASSWORD, type Examples } from '../support/contract-examples.js';

/**
 * Where the walk's requests would leave a row: a contact message, a workspace, invoice preferences,
 * share links and checkouts, projects and their members and channels, storefront settings and cart
 * lines, classified ads and their inquiries, messages and reports, events and their ticket types,
 * orders, tickets and their e-mails, content entries and their categories.
 */
const WRITTEN_TABLES = [
  'contact_messages',
  'workspaces',
  'invoice_preferences',
  'invoice_links',
  'invoice_online_payments',
  'projects',
  'project_members',
  'team_channels',
  'storefront_settings',
  'cart_items',
  'product_reviews',
  'wishlists',
  'classifieds',
  'classified_inquiries',
  'classified_messages',
  'classified_reports',
  'events',
  'ticket_types',
  'registrations',
  'attendees',
  'mail_outbox_items',
  'content_entries',
  'content_categories',
  'ai_prompt_templates',
  'ai_usage',
  'credit_transactions',
  'booking_settings',
  'consultants',
  'consultant_unavailability',
  'services',
  'service_staff',
  'appointments',
] as const;

type Path = (string | number)[];

/** Every string and number inside a JSON value, with where it is. */
function leaves(value: unknown, path: Path = []): { path: Path; value: string | number }[] {
  if (typeof value === 'string' || typeof value === 'number') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [];
}

/** A deep copy of `value` with the leaf at `path` replaced. */
function withLeaf(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? withLeaf(v, rest, leaf) : v));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === head ? withLeaf(v, rest, leaf) : v]));
  }
  return value;
}

const objectOf = (value: unknown): Record<string, unknown> => z.record(z.string(), z.unknown()).parse(value ?? {});

/** One request: the endpoint's method and path with `params` filled in and `query` appended. */
function target(def: EndpointDef, params: Record<string, unknown>, query: Record<string, unknown>): string {
  const filled = fillPath(def.path, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return search ? `${filled}?${search}` : filled;
}

interface BadRequest {
  name: string;
  method: string;
  url: string;
  body?: unknown;
}

const NUL = '\u0000';
const BEYOND_INT = 99_999_999_999;

/**
 * Path parts the contract takes as any text (a share token, a slug, an invoice's or document's
 * number): "99999999999" is a name like any other there, answered by the lookup (not found, or an
 * empty history), so NUL is what is bad in them. Ids, uuids and closed lists get both bad shapes.
 */
const TEXT_PARAMS: Record<string, readonly string[]> = {
  'pos.receipt': ['token'],
  'invoices.outreach': ['documentId'],
  'invoices.shareLink': ['documentId'],
  'invoices.publicInvoice': ['slug', 'number'],
  'invoices.payInvoice': ['slug', 'number'],
  'invoices.publicQuote': ['slug', 'number'],
  'invoices.acceptQuote': ['slug', 'number'],
  'marketplace.storefront': ['slug'],
  'events.publicGet': ['slug'],
  'events.publicPicture': ['slug'],
  'events.order': ['slug'],
  'events.checkout': ['slug'],
  'events.ticket': ['token'],
  'content.article': ['slug'],
  'content.cover': ['slug'],
  'content.feature': ['slug'],
};

/**
 * Numbers kept in `bigint` columns (a feed position, the price a guest saw): beyond `integer` is
 * valid there, so their bad value is 2^53, past what a JS number holds exactly.
 */
const BIGINT_FIELDS = new Set(['seq', 'price_seen_cents']);

/** Each part of each endpoint's example that its own schema refuses (so every refusal below is the bad value's doing). */
function invalidExamples(all: Examples): string[] {
  const out: string[] = [];
  // Path and query parts reach the server as text.
  const asSent = (part: unknown) => Object.fromEntries(Object.entries(objectOf(part)).map(([k, v]) => [k, String(v)]));
  for (const [group, endpoints] of Object.entries(contract)) {
    for (const [name, def] of Object.entries<EndpointDef>(endpoints)) {
      const example = objectOf(objectOf(Reflect.get(all, group))[name]);
      const parts: [string, z.ZodType | undefined, unknown][] = [
        ['params', def.params, asSent(example.params)],
        ['query', def.query, asSent(example.query)],
        ['body', def.body, example.body ?? {}],
      ];
      for (const [part, schema, value] of parts) {
        const parsed = schema?.safeParse(value);
        if (parsed && !parsed.success) out.push(`${group}.${name} ${part}: ${parsed.error.message}`);
      }
    }
  }
  return out;
}

/** Each endpoint's example with one part made bad: NUL in a text, an id or number beyond `integer`. */
function badRequests(all: Examples): BadRequest[] {
  const out: BadRequest[] = [];
  for (const [group, endpoints] of Object.entries(contract)) {
    for (const [name, def] of Object.entries<EndpointDef>(endpoints)) {
      const example = objectOf(objectOf(Reflect.get(all, group))[name]);
      const params = objectOf(example.params);
      const query = objectOf(example.query);
      const body = example.body;
      const label = `${def.method} ${def.path}`;
      const textParams = TEXT_PARAMS[`${group}.${name}`] ?? [];
      for (const key of Object.keys(params)) {
        for (const bad of textParams.includes(key) ? [`1${NUL}`] : [String(BEYOND_INT), `1${NUL}`]) {
          out.push({
            name: `${label} with :${key} = ${JSON.stringify(bad)}`,
            method: def.method,
            url: target(def, { ...params, [key]: bad }, query),
            body,
          });
        }
      }
      for (const key of Object.keys(query)) {
        out.push({
          name: `${label} with ?${key} holding NUL`,
          method: def.method,
          url: target(def, params, { ...query, [key]: `1${NUL}` }),
          body,
        });
      }
      for (const leaf of leaves(body)) {
        const field = String(leaf.path.at(-1));
        const bad = typeof leaf.value === 'string' ? `${leaf.value}${NUL}` : BIGINT_FIELDS.has(field) ? 2 ** 53 : BEYOND_INT;
        out.push({
          name: `${label} with body.${leaf.path.join('.')} = ${JSON.stringify(bad)}`,
          method: def.method,
          url: target(def, params, query),
          body: withLeaf(body, leaf.path, bad),
        });
      }
    }
  }
  return out;
}

/** A valid document for every replicated collection (a new collection fails the suite until it has one). */
function documentExamples(
  ws: number,
  diary: { service: string; staff: string },
  order: string,
  board: { pipeline: string; stage: string },
): Record<string, Record<string, unknown>> {
  const base = () => ({ id: randomUUID(), workspace_id: ws, updated_at: new Date().toISOString() });
  const productId = randomUUID();
  return {
    products: {
      ...base(),
      name: 'Vetkoek',
      sku: 'VK-1',
      barcode: '6001234567890',
      price_cents: 1500,
      cost_cents: 700,
      sale_price_cents: 1200,
      compare_at_price_cents: 1800,
      low_stock_threshold: 5,
      category: 'Food',
      images: ['https://example.test/vetkoek.png'],
      tags: ['hot'],
      product_type: 'physical',
      status: 'active',
      weight_grams: 120,
      tax_rate_bp: 1500,
      track_inventory: true,
    },
    appointments: {
      ...base(),
      service_id: diary.service,
      consultant_id: diary.staff,
      start_at: '2030-03-04T08:00:00.000Z',
      end_at: '2030-03-04T09:00:00.000Z',
      duration_minutes: 60,
      price_cents: 25_000,
      currency: 'ZAR',
      status: 'confirmed',
      customer_name: 'Nomsa Khumalo',
      customer_email: 'nomsa@example.test',
      customer_phone: '+27 82 555 0101',
      cancel_reason: 'None yet',
    },
    deals: { ...base(), ...dealFields(board), lost_reason: 'None yet', actual_close_date: '2030-02-03', owner_id: 1, notes: 'Call back' },
    order_changes: {
      ...base(),
      order_id: order,
      status: 'shipped',
      tracking_number: 'TRK-0001',
      created_at: new Date().toISOString(),
    },
    check_ins: {
      ...base(),
      event_id: randomUUID(),
      ticket_id: randomUUID(),
      device_id: 'door-1',
      device_name: 'Gate A',
      scanned_at: new Date().toISOString(),
    },
    planner_items: {
      ...base(),
      title: 'Stock take',
      type: 'deadline',
      description: 'Count the back room',
      start_date: '2026-11-30',
      start_time: '09:00',
      end_date: '2026-11-30',
      end_time: '11:00',
      color: '#FFD700',
      done: false,
      comments: [{ id: 'c1', body: 'Bring the scanner', author_name: 'Thandi', created_at: new Date().toISOString() }],
    },
    stock_movements: {
      ...base(),
      product_id: productId,
      quantity: 10,
      reason: 'purchase',
      note: 'Delivery',
      reference: 'GRN-1',
      created_at: new Date().toISOString(),
    },
    contacts: {
      ...base(),
      name: 'Sipho Dlamini',
      email: 'sipho@example.test',
      phone: '+27 82 111 2222',
      address: '12 Main Rd',
      notes: 'Regular',
      tags: ['vip'],
      company: 'Dlamini Trading',
      title: 'Owner',
      source: 'walk-in',
      pipeline: 'sales',
      stage: 'lead',
      assigned_to_id: 1,
      status: 'active',
      last_contacted_at: new Date().toISOString(),
    },
    pos_orders: {
      ...base(),
      kind: 'sale',
      order_number: 'T1-0001',
      receipt_number: 7,
      status: 'completed',
      items: [
        {
          product_id: productId,
          name: 'Vetkoek',
          sku: 'VK-1',
          unit_price_cents: 1500,
          quantity: 2,
          tax_rate_bp: 1500,
          discount_cents: 100,
          tracks_stock: true,
        },
      ],
      order_discount_cents: 100,
      payments: [{ method: 'cash', amount_cents: 2800, tendered_cents: 3000, change_cents: 200 }],
      shift_id: randomUUID(),
      device_id: 'device-0001',
      contact_id: randomUUID(),
      note: 'Thanks',
      completed_at: new Date().toISOString(),
    },
    pos_shifts: {
      ...base(),
      status: 'open',
      device_id: 'device-0001',
      opened_by: 1,
      opened_at: new Date().toISOString(),
      opening_float_cents: 50_000,
      counted_cash_cents: 0,
      expected_cash_cents: 50_000,
      note: 'Morning',
    },
    invoices: {
      ...base(),
      contact_id: randomUUID(),
      customer_name: 'Lindiwe Dube',
      customer_email: 'lindiwe@example.test',
      customer_address: '3 Long St',
      issue_date: '2026-03-02',
      due_date: '2026-04-01',
      currency: 'ZAR',
      invoice_number: 'INV-000001',
      status: 'draft',
      items: [
        {
          id: randomUUID(),
          description: 'Website design',
          quantity: 1.5,
          unit_price_cents: 150_000,
          tax_rate_bp: 1500,
          discount_bp: 1000,
          product_id: productId,
        },
      ],
      notes: 'Thank you',
      terms: '30 days',
    },
    // The first kind of `records`; `stageExample` adds a record of the second, naming this pipeline.
    records: { ...base(), kind: 'pipeline', data: { name: 'Weddings', position: 3 } },
    quotes: {
      ...base(),
      customer_name: 'Lindiwe Dube',
      issue_date: '2026-03-02',
      expiry_date: '2026-04-01',
      currency: 'ZAR',
      quote_number: 'QUO-000001',
      status: 'draft',
      items: [{ id: randomUUID(), description: 'Logo', quantity: 1, unit_price_cents: 80_000, tax_rate_bp: 1500 }],
    },
  };
}

/** A valid record of kind pipeline_stage, in the pipeline `pipelineId` (every optional field set). */
function stageExample(ws: number, pipelineId: string): Record<string, unknown> {
  return {
    id: randomUUID(),
    workspace_id: ws,
    updated_at: new Date().toISOString(),
    kind: 'pipeline_stage',
    data: { pipeline_id: pipelineId, name: 'Tasting', color: '#00A86B', position: 2, probability: 40, rotting_days: 14 },
  };
}

for (const db_ of testDatabases()) {
  describe(`bad input on ${db_.name}`, () => {
    let db: Db;
    let server: TestServer;
    let client: Awaited<ReturnType<typeof signedInUser>>['client'];
    let ws: number;

    beforeAll(async () => {
      db = await db_.open();
      server = await startTestServer(db, { env: { RATE_LIMITS: 'off' } });
      const owner = await signedInUser(server, { plan: 'pro' });
      client = owner.client;
      ws = await seedWorkspace(db, owner.user.id);
    });
    afterAll(async () => {
      await server?.close();
      await db?.close();
    });

    const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: string }>(sql, params))[0].n);

    /** Rows in each table a request of the walk would add to, had its bad part got through. */
    async function rowCounts(): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      for (const table of WRITTEN_TABLES) out[table] = await count(`SELECT count(*) AS n FROM ${table}`);
      return out;
    }

    async function push(collection: string, docs: unknown[], workspace: number | string = ws) {
      const rows = docs.map((newDocumentState) => ({ newDocumentState, assumedMasterState: null }));
      return client.post(`/api/sync/${collection}/push?workspace=${workspace}`, rows);
    }

    async function pulled(collection: string) {
      const res = await client.get(`/api/sync/${collection}/pull?workspace=${ws}&limit=1000`);
      expect(res.status).toBe(200);
      return pullResponse.parse(res.json).documents;
    }

    it('a 10 MB JSON body answers 413 with a clear message', async () => {
      const big = JSON.stringify({ name: 'Thandi', email: 'a@b.co', subject: 'Big', message: 'x'.repeat(10 * 1024 * 1024) });
      const res = await fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: 'The request body is too large.', code: 'too_large' });
    });

    it('every endpoint of the contract answers 400, never 500, to NUL in a text, an id beyond integer, or a number beyond its column', async () => {
      // Its own account and workspace: a walk that got through (before this policy) deleted the account.
      const walker = await signedInUser(server, { plan: 'pro' });
      const walkWs = await seedWorkspace(db, walker.user.id);
      const registerEmail = uniqueEmail('nul');
      const all = examples(walkWs, registerEmail);
      expect(invalidExamples(all)).toEqual([]);
      const rowsBefore = await rowCounts();
      const requests = badRequests(all);
      expect(requests.length).toBeGreaterThan(100);
      const answers: string[] = [];
      for (const r of requests) {
        const res = await walker.client.request(r.method, r.url, r.body);
        answers.push(`${res.status} ${r.name}${res.status === 400 ? '' : `: ${res.text.slice(0, 120)}`}`);
      }
      expect(answers.filter((a) => !a.startsWith('400 '))).toEqual([]);
      // Bad input changed nothing: no account, and no row in any table a request of the walk writes to.
      expect(await count('SELECT count(*) AS n FROM users WHERE email = $1', [registerEmail])).toBe(0);
      expect(await rowCounts()).toEqual(rowsBefore);
    });

    it('"Pay now" on a public invoice answers 400 to NUL in its path or body, a plain not-found to an unknown invoice, and starts nothing', async () => {
      const pay = (slug: string, number: string) =>
        `/api/storefront/${encodeURIComponent(slug)}/invoices/${encodeURIComponent(number)}/pay`;
      const token = 't'.repeat(32);
      const bad: Array<[string, Record<string, unknown>]> = [
        [pay(`shop${NUL}`, 'INV-000001'), { t: token }],
        [pay('shop', `INV${NUL}`), { t: token }],
        [pay('shop', 'INV-000001'), { t: `${token}${NUL}` }],
        [pay('shop', 'INV-000001'), { t: token, email: `a${NUL}@example.test` }],
        [pay('shop', 'INV-000001'), { t: token, email: 'not-an-address' }],
        [pay('shop', 'INV-000001'), { t: BEYOND_INT }],
      ];
      for (const [url, body] of bad) expect((await client.request('POST', url, body)).status, `${url} ${JSON.stringify(body)}`).toBe(400);
      const unknown = await client.request('POST', pay('shop', 'INV-000001'), { t: token });
      expect(unknown.status).toBe(404);
      expect(unknown.json).toEqual({ message: 'Not found' });
      expect(await count('SELECT count(*) AS n FROM invoice_online_payments')).toBe(0);
    });

    it('NUL in register, contact and workspace create is refused with the text message and stores nothing', async () => {
      const email = uniqueEmail('nul-register');
      const register = await client.post('/api/auth/register', {
        full_name: `Thandi${NUL}`,
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        age_confirmed: true,
        terms_accepted: true,
      });
      expect(register.status).toBe(400);
      expect(register.json).toMatchObject({ message: inputMessages.character, errors: { full_name: [inputMessages.character] } });
      expect(await count('SELECT count(*) AS n FROM users WHERE email = $1', [email])).toBe(0);

      const contact = await client.post('/api/contact', {
        name: 'Thandi',
        email,
        subject: 'Hello there',
        message: `Nul ${NUL} inside the message`,
      });
      expect(contact.status).toBe(400);
      expect(contact.json).toMatchObject({ errors: { message: [inputMessages.character] } });
      expect(await count('SELECT count(*) AS n FROM contact_messages WHERE email = $1', [email])).toBe(0);

      const create = await client.post('/api/workspaces', { name: `Spaza${NUL}` });
      expect(create.status).toBe(400);
      expect(create.json).toMatchObject({ errors: { name: [inputMessages.character] } });

      const settings = await client.patch(`/api/workspaces/${ws}/settings`, { colors: { [`primary${NUL}`]: '#123456' } });
      expect(settings.status).toBe(400);
      // A lone UTF-16 half is refused too: jsonb rejects it and text would store U+FFFD instead.
      const lone = await client.patch(`/api/workspaces/${ws}`, { description: 'broken \uD800 half' });
      expect(lone.status).toBe(400);
      expect(lone.json).toMatchObject({ errors: { description: [inputMessages.character] } });
    });

    it('?workspace=2147483648 and an id of 99999999999 answer 400 with the id message', async () => {
      for (const [method, url] of [
        ['GET', `/api/sync/contacts/pull?workspace=${MAX_INT + 1}`],
        ['GET', `/api/workspaces/${BEYOND_INT}`],
        ['DELETE', `/api/workspaces/${ws}/members/${BEYOND_INT}`],
      ]) {
        const res = await client.request(method, url);
        expect(res.status, url).toBe(400);
        expect(res.json, url).toMatchObject({ message: inputMessages.id });
      }
      const res = await push('contacts', [], MAX_INT + 1);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ message: inputMessages.id });
      expect((await client.get(`/api/workspaces/${ws}`)).status).toBe(200);
    });

    it('every replicated collection refuses each bad shape of its documents, stores none of them, and never answers 500', async () => {
      // The appointment example names a staff member and a service of the workspace, as it must.
      const diary = { service: randomUUID(), staff: randomUUID() };
      await db.query(`INSERT INTO consultants (workspace_id, id, name) VALUES ($1, $2, 'Thandi')`, [ws, diary.staff]);
      await db.query(`INSERT INTO services (workspace_id, id, title, duration_minutes) VALUES ($1, $2, 'Cut', 60)`, [ws, diary.service]);
      // The order change example names an order of the workspace, as it must.
      // The deal example sits in a pipeline's stage of the workspace, as it must.
      const docs = documentExamples(ws, diary, await seedPaidOrder(db, ws), await seedBoard(db, ws));
      expect(Object.keys(docs).sort()).toEqual([...replicatedNames].sort());
      // Every kind of `records` is walked: the pipeline above, then a stage in it.
      const walked: [string, Record<string, unknown>][] = [...Object.entries(docs), ['records', stageExample(ws, String(docs.records.id))]];
      expect(new Set(walked.filter(([c]) => c === 'records').map(([, e]) => e.kind))).toEqual(new Set(recordKindList.map((k) => k.kind)));
      for (const [collection, example] of walked) {
        const entity = replicatedByName(collection);
        expect(entity?.fields.safeParse(example).success, collection).toBe(true);
        // The example itself is stored, so each refusal below is the bad value's doing.
        const ok = pushResponse.parse((await push(collection, [example])).json);
        expect(ok.rejected, collection).toEqual([]);

        const refusedIds: string[] = [];
        const problems: string[] = [];
        for (const leaf of leaves(example)) {
          if (leaf.path[0] === 'id') continue;
          const bads: unknown[] =
            typeof leaf.value === 'string'
              ? [`${leaf.value}${NUL}`, `${leaf.value}\uDC00`]
              : [1e20, MAX_INT + 1, Number.MAX_SAFE_INTEGER + 2];
          for (const bad of bads) {
            const doc = { ...objectOf(withLeaf(example, leaf.path, bad)), id: randomUUID() };
            const res = await push(collection, [doc]);
            const where = `${collection}.${leaf.path.join('.')} = ${JSON.stringify(bad)}`;
            if (res.status !== 200) {
              problems.push(`${res.status} ${where}: ${res.text.slice(0, 120)}`);
              continue;
            }
            const { rejected } = pushResponse.parse(res.json);
            // A big number may be valid for a bigint column; everything else must be refused as invalid.
            if (rejected.length === 0 && (typeof bad === 'string' || bad !== MAX_INT + 1)) problems.push(`accepted ${where}`);
            if (rejected.length > 0) {
              if (!['invalid', 'forbidden'].includes(rejected[0].code)) problems.push(`${rejected[0].code} ${where}`);
              refusedIds.push(doc.id);
            }
          }
        }
        // NUL or a lone half in the id itself: refused like any other bad value, never a 500.
        for (const badId of [`${randomUUID()}${NUL}`, `${randomUUID()}\uDC00`]) {
          const res = await push(collection, [{ ...example, id: badId }]);
          const where = `${collection}.id = ${JSON.stringify(badId)}`;
          if (res.status === 200) {
            const { rejected } = pushResponse.parse(res.json);
            if (rejected.length !== 1 || rejected[0].code !== 'invalid') problems.push(`not refused as invalid: ${where}`);
          } else if (res.status !== 400) problems.push(`${res.status} ${where}: ${res.text.slice(0, 120)}`);
        }
        expect(problems, collection).toEqual([]);
        const stored = new Set((await pulled(collection)).map((d) => d.id));
        expect(
          refusedIds.filter((id) => stored.has(id)),
          collection,
        ).toEqual([]);
        expect(stored.has(String(example.id)), collection).toBe(true);
      }
    });

    it('a record whose kind or data is corrupt is refused as invalid, never 500, and nothing is stored', async () => {
      const pipeline = {
        id: randomUUID(),
        workspace_id: ws,
        updated_at: new Date().toISOString(),
        kind: 'pipeline',
        data: { name: 'Sales' },
      };
      expect(pushResponse.parse((await push('records', [pipeline])).json).rejected).toEqual([]);
      const stage = stageExample(ws, pipeline.id);
      const { kind: _kind, ...noKind } = stage;
      const { data: _data, ...noData } = stage;
      const corrupt: [string, Record<string, unknown>][] = [
        ['an unknown kind', { ...stage, kind: 'spaceship' }],
        ['no kind', noKind],
        ['a number for a kind', { ...stage, kind: 7 }],
        ['a kind in another case', { ...stage, kind: 'Pipeline_Stage' }],
        ['an object for a kind', { ...stage, kind: { name: 'pipeline_stage' } }],
        ['no data', noData],
        ['null data', { ...stage, data: null }],
        ['a list for data', { ...stage, data: [stage.data] }],
        ['text for data', { ...stage, data: 'Tasting' }],
        ['empty data', { ...stage, data: {} }],
        ['another kind’s data', { ...stage, data: pipeline.data }],
        ['a wrong type in data', { ...stage, data: { ...objectOf(stage.data), probability: '40' } }],
        ['a probability past 100', { ...stage, data: { ...objectOf(stage.data), probability: 250 } }],
        ['a fraction for a position', { ...stage, data: { ...objectOf(stage.data), position: 1.5 } }],
        ['a nested object for a name', { ...stage, data: { ...objectOf(stage.data), name: { first: 'Tasting' } } }],
        ['NUL in the pipeline it names', { ...stage, data: { ...objectOf(stage.data), pipeline_id: `${pipeline.id}${NUL}` } }],
        ['a pipeline that does not exist', { ...stage, data: { ...objectOf(stage.data), pipeline_id: randomUUID() } }],
      ];
      const problems: string[] = [];
      const refused: string[] = [];
      for (const [what, bad] of corrupt) {
        const doc = { ...bad, id: randomUUID() };
        const res = await push('records', [doc]);
        if (res.status !== 200) {
          problems.push(`${res.status} for ${what}: ${res.text.slice(0, 120)}`);
          continue;
        }
        const { rejected } = pushResponse.parse(res.json);
        if (rejected.length !== 1 || rejected[0].code !== 'invalid' || rejected[0].id !== doc.id)
          problems.push(`not refused as invalid: ${what}`);
        refused.push(doc.id);
      }
      expect(problems).toEqual([]);
      const unknown = pushResponse.parse((await push('records', [{ ...stage, id: randomUUID(), kind: 'spaceship' }])).json);
      expect(unknown.rejected[0].message).toBe(recordMessages.unknownKind);
      const stored = new Set((await pulled('records')).map((d) => d.id));
      expect(refused.filter((id) => stored.has(id))).toEqual([]);
      expect(stored.has(pipeline.id)).toBe(true);
      // Nothing reached either kind's table.
      const rows = await count(`SELECT count(*) AS n FROM pipeline_stages WHERE id = ANY($1::text[])`, [refused]);
      expect(rows).toBe(0);
    });

    it('an unreadable date in assumedMasterState answers 400 and changes nothing', async () => {
      const contact = { id: randomUUID(), workspace_id: ws, updated_at: new Date().toISOString(), name: 'Zanele' };
      expect(pushResponse.parse((await push('contacts', [contact])).json).rejected).toEqual([]);
      const change = { ...contact, name: 'Zanele Mokoena', updated_at: new Date().toISOString() };
      const res = await client.post(`/api/sync/contacts/push?workspace=${ws}`, [
        { newDocumentState: change, assumedMasterState: { ...contact, updated_at: '2026-13-45T99:00:00Z' } },
      ]);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ message: `0.assumedMasterState.updated_at: ${inputMessages.instant}` });
      const stored = (await pulled('contacts')).find((d) => d.id === contact.id);
      expect(stored?.name).toBe('Zanele');
    });

    it('stock movements that would take on hand past 2^31 are refused clearly, and stock-in for that product still works', async () => {
      const product = {
        id: randomUUID(),
        workspace_id: ws,
        updated_at: new Date().toISOString(),
        name: 'Mielie meal',
        track_inventory: true,
      };
      expect(pushResponse.parse((await push('products', [product])).json).rejected).toEqual([]);
      const movement = (quantity: number) => ({
        id: randomUUID(),
        workspace_id: ws,
        updated_at: new Date().toISOString(),
        product_id: product.id,
        quantity,
        reason: 'purchase',
      });
      // 2 147 movements of a million: 2 147 000 000 on hand, 483 647 short of the integer column's top.
      for (const size of [1000, 1000, 147]) {
        const res = await push(
          'stock_movements',
          Array.from({ length: size }, () => movement(1_000_000)),
        );
        expect(pushResponse.parse(res.json).rejected).toEqual([]);
      }
      const over = movement(1_000_000);
      const fits = movement(483_647);
      const res = await push('stock_movements', [over, fits]);
      expect(res.status).toBe(200);
      expect(pushResponse.parse(res.json).rejected).toEqual([{ id: over.id, code: 'invalid', message: stockMessages.onHandRange }]);
      const onHand = async () =>
        z.object({ stock_on_hand: z.number() }).parse((await pulled('products')).find((d) => d.id === product.id)).stock_on_hand;
      expect(await onHand()).toBe(MAX_INT);

      const one = movement(1);
      expect(pushResponse.parse((await push('stock_movements', [one])).json).rejected).toMatchObject([{ id: one.id, code: 'invalid' }]);
      // A sale takes stock out; stock-in for the same product goes through again.
      for (const quantity of [-5, 5, -1_000_000]) {
        expect(pushResponse.parse((await push('stock_movements', [movement(quantity)])).json).rejected).toEqual([]);
      }
      expect(await onHand()).toBe(MAX_INT - 1_000_000);
      const movements = (await pulled('stock_movements')).filter((d) => d.product_id === product.id);
      expect(movements.map((d) => d.id)).not.toContain(over.id);
      expect(movements.map((d) => d.id)).not.toContain(one.id);
    });

    it('an invoice whose totals would pass 2^53 cents is refused with a clear message; one at the cap is stored exactly', async () => {
      const invoice = (quantity: number, unit: number) => ({
        id: randomUUID(),
        workspace_id: ws,
        updated_at: new Date().toISOString(),
        customer_name: 'Lindiwe Dube',
        issue_date: '2026-03-02',
        currency: 'ZAR',
        status: 'draft',
        items: [{ id: randomUUID(), description: 'Cement', quantity, unit_price_cents: unit, tax_rate_bp: 1500 }],
      });
      const huge = invoice(1_000_000, 9_999_999_999);
      const res = await push('invoices', [huge]);
      expect(pushResponse.parse(res.json).rejected).toEqual([
        { id: huge.id, code: 'invalid', message: `items: ${inputMessages.documentTotal}` },
      ]);

      // 100 000 × 8 695 652 173 = 869 565 217 300 000 plus 15 % VAT: 999 999 999 895 000, just under the cap.
      const atCap = invoice(100_000, 8_695_652_173);
      expect(pushResponse.parse((await push('invoices', [atCap])).json).rejected).toEqual([]);
      const stored = (await pulled('invoices')).find((d) => d.id === atCap.id);
      expect(stored).toMatchObject({
        subtotal_cents: 869_565_217_300_000,
        tax_cents: 130_434_782_595_000,
        total_cents: 999_999_999_895_000,
      });
      expect((await pulled('invoices')).some((d) => d.id === huge.id)).toBe(false);
    });

    it('a malformed % escape in any path parameter answers 400 with a clear message, signed in or out, never 500', async () => {
      const all = examples(ws, uniqueEmail('escape'));
      const MARK = 'xmarkx';
      const answers: string[] = [];
      for (const [group, endpoints] of Object.entries(contract)) {
        for (const [name, def] of Object.entries<EndpointDef>(endpoints)) {
          const example = objectOf(objectOf(Reflect.get(all, group))[name]);
          const params = objectOf(example.params);
          for (const key of Object.keys(params)) {
            for (const bad of ['%E0%A4%A', '%', '100%zz']) {
              const url = target(def, { ...params, [key]: MARK }, objectOf(example.query)).replace(MARK, bad);
              const signedIn = await client.request(def.method, url, example.body);
              const signedOut = await fetch(server.url + url, {
                method: def.method,
                headers: { origin: server.url, 'content-type': 'application/json' },
                body: def.method === 'GET' ? undefined : JSON.stringify(example.body ?? {}),
              });
              for (const [who, status, body] of [
                ['in', signedIn.status, signedIn.text],
                ['out', signedOut.status, await signedOut.text()],
              ] as const) {
                const line = `${status} ${def.method} ${url} (signed ${who})`;
                answers.push(status === 400 && body === JSON.stringify(badPathBody) ? `ok` : `${line}: ${body.slice(0, 100)}`);
              }
            }
          }
        }
      }
      expect(answers.length).toBeGreaterThan(100);
      expect(answers.filter((a) => a !== 'ok')).toEqual([]);
      // A route outside the contract answers alike.
      for (const url of ['/api/public/tickets/%E0%A4%A/pdf']) {
        const res = await fetch(server.url + url);
        expect(res.status, url).toBe(400);
        expect(await res.json(), url).toEqual(badPathBody);
      }
    });

    it('a checkout of a cart holding only R 0 products is refused with a clear message and starts nothing', async () => {
      const shop = await openShop(db, server, 'Free Samples');
      const productId = randomUUID();
      const pushed = await syncApi(server.url, shop.cookie).push('products', shop.ws, [
        {
          newDocumentState: {
            id: productId,
            workspace_id: shop.ws,
            updated_at: new Date().toISOString(),
            product_type: 'physical',
            status: 'active',
            name: 'Free sample',
            price_cents: 0,
            is_public: true,
            published_in_marketplace: true,
            track_inventory: false,
          },
        },
      ]);
      expect(pushed.body).toEqual({ conflicts: [], rejected: [] });
      const buyer = await signedInUser(server);
      const added = await buyer.client.post('/api/cart/items', { product_id: `${shop.ws}-${productId}`, quantity: 2 });
      expect(added.status).toBe(200);
      const checkoutsBefore = await count('SELECT count(*) AS n FROM marketplace_checkouts');
      const res = await buyer.client.post('/api/checkout', { address: deliveryAddress });
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ message: orderMessages.nothingToPay, code: 'nothing_to_pay' });
      expect(await count('SELECT count(*) AS n FROM marketplace_checkouts')).toBe(checkoutsBefore);
    });
  });
}
