import { randomUUID } from 'node:crypto';
import { pullResponse } from '../../schema/sync/contract.js';
import { recordMovement } from '../../app/features/inventory/stock.js';
import type { Device } from './sync-clients.js';
import { cookieFetch } from './sync-server.js';

/** Small seeded PRNG (mulberry32) so a failing run can be replayed from its printed seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}

type Rng = ReturnType<typeof prng>;
const stamp = () => new Date().toISOString();
const words = ['Maize', 'Sugar', 'Bread', 'Milk', 'Tea', 'Rice', 'Soap', 'Oil', 'Beans', 'Salt'];

/** One random user action on a device: create, edit or delete a product or contact, or sell/buy stock. */
export async function randomEdit(device: Device, workspace: number, rng: Rng): Promise<string> {
  const db = device.db;
  const roll = rng.next();
  const products = await db.products.find().exec();
  const contacts = await db.contacts.find().exec();
  if (roll < 0.15 || products.length === 0) {
    await db.products.insert({
      id: randomUUID(),
      workspace_id: workspace,
      updated_at: stamp(),
      product_type: 'physical',
      status: 'active',
      name: `${rng.pick(words)} ${rng.int(100)}`,
      price_cents: 100 + rng.int(10_000),
    });
    return 'create product';
  }
  if (roll < 0.4) {
    const p = rng.pick(products);
    const field = rng.pick(['name', 'price_cents', 'category', 'tags', 'status'] as const);
    const value = {
      name: `${rng.pick(words)} ${rng.int(100)}`,
      price_cents: rng.int(50_000),
      category: rng.pick(['Food', 'Household', 'Drinks']),
      tags: [rng.pick(words), rng.pick(words)],
      status: rng.pick(['active', 'draft', 'archived'] as const),
    }[field];
    await p.incrementalPatch({ [field]: value, updated_at: stamp() });
    return `edit product.${field}`;
  }
  if (roll < 0.45) {
    await rng.pick(products).incrementalRemove();
    return 'delete product';
  }
  if (roll < 0.65) {
    const p = rng.pick(products);
    await recordMovement(db, { workspace_id: workspace, product_id: p.id, quantity: rng.int(11) - 6, reason: 'sale' });
    return 'stock movement';
  }
  if (roll < 0.78 || contacts.length === 0) {
    await db.contacts.insert({
      id: randomUUID(),
      workspace_id: workspace,
      updated_at: stamp(),
      status: 'active',
      name: `${rng.pick(words)} Person`,
    });
    return 'create contact';
  }
  if (roll < 0.95) {
    const c = rng.pick(contacts);
    const field = rng.pick(['name', 'email', 'phone', 'notes'] as const);
    const value = {
      name: `${rng.pick(words)} ${rng.int(50)}`,
      email: `p${rng.int(99)}@example.test`,
      phone: `08${rng.int(99_999_999)}`,
      notes: `note ${rng.int(1000)}`,
    }[field];
    await c.incrementalPatch({ [field]: value, updated_at: stamp() });
    return `edit contact.${field}`;
  }
  await rng.pick(contacts).incrementalRemove();
  return 'delete contact';
}

const colours = ['#4F46E5', '#00A86B', '#FFD700', '#E11D48'] as const;

/**
 * One random user action on the device's records (its own PRNG stream, so the seeds of `randomEdit`
 * replay as they did before records existed): create, edit or delete a pipeline or one of its stages.
 * Two devices editing one stage's `data` merge per field.
 */
export async function randomRecordEdit(device: Device, workspace: number, rng: Rng): Promise<string> {
  const db = device.db;
  const roll = rng.next();
  const pipelines = await db.records.find({ selector: { kind: 'pipeline' } }).exec();
  const stages = await db.records.find({ selector: { kind: 'pipeline_stage' } }).exec();
  if (roll < 0.15 || pipelines.length === 0) {
    await db.records.insert({
      id: randomUUID(),
      workspace_id: workspace,
      updated_at: stamp(),
      kind: 'pipeline',
      data: { name: `${rng.pick(words)} sales`, position: rng.int(1000) },
    });
    return 'create pipeline';
  }
  if (roll < 0.4 || stages.length === 0) {
    await db.records.insert({
      id: randomUUID(),
      workspace_id: workspace,
      updated_at: stamp(),
      kind: 'pipeline_stage',
      data: {
        pipeline_id: rng.pick(pipelines).id,
        name: rng.pick(words),
        color: rng.pick(colours),
        position: rng.int(1000),
        probability: rng.int(101),
      },
    });
    return 'create stage';
  }
  if (roll < 0.75) {
    const st = rng.pick(stages);
    const field = rng.pick(['name', 'color', 'position', 'probability'] as const);
    const value = {
      name: `${rng.pick(words)} ${rng.int(50)}`,
      color: rng.pick(colours),
      position: rng.int(1000),
      probability: rng.int(101),
    }[field];
    await st.incrementalPatch({ data: { ...st.data, [field]: value }, updated_at: stamp() });
    return `edit stage.${field}`;
  }
  if (roll < 0.88) {
    const p = rng.pick(pipelines);
    const field = rng.pick(['name', 'position'] as const);
    const value = { name: `${rng.pick(words)} ${rng.int(50)}`, position: rng.int(1000) }[field];
    await p.incrementalPatch({ data: { ...p.data, [field]: value }, updated_at: stamp() });
    return `edit pipeline.${field}`;
  }
  if (roll < 0.97) {
    await rng.pick(stages).incrementalRemove();
    return 'delete stage';
  }
  await rng.pick(pipelines).incrementalRemove();
  return 'delete pipeline';
}

type Json = Record<string, unknown>;

/** Without RxDB's bookkeeping fields, keyed by id. */
function byId(docs: Json[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const d of docs) {
    const clean = Object.fromEntries(Object.entries(d).filter(([k]) => !k.startsWith('_')));
    out[String(d.id)] = clean;
  }
  return out;
}

export async function serverState(baseUrl: string, cookie: string, workspace: number) {
  const f = cookieFetch(cookie);
  const state: Record<string, Record<string, Json>> = {};
  for (const collection of ['products', 'stock_movements', 'contacts', 'records']) {
    const docs: Json[] = [];
    let seq = 0;
    let id = '';
    for (;;) {
      const res = await f(
        `${baseUrl}/api/sync/${collection}/pull?workspace=${workspace}&seq=${seq}&id=${encodeURIComponent(id)}&limit=1000`,
      );
      const page = pullResponse.parse(await res.json());
      docs.push(...page.documents);
      if (page.documents.length < 1000) break;
      ({ seq, id } = page.checkpoint);
    }
    state[collection] = byId(docs.filter((d) => d._deleted !== true));
  }
  return state;
}

export async function deviceState(device: Device) {
  const db = device.db;
  const [products, movements, contacts, records] = await Promise.all([
    db.products.find().exec(),
    db.stock_movements.find().exec(),
    db.contacts.find().exec(),
    db.records.find().exec(),
  ]);
  return {
    products: byId(products.map((d) => d.toMutableJSON())),
    stock_movements: byId(movements.map((d) => d.toMutableJSON())),
    contacts: byId(contacts.map((d) => d.toMutableJSON())),
    records: byId(records.map((d) => d.toMutableJSON())),
  };
}
