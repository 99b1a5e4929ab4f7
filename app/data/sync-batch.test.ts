import { describe, expect, it } from 'vitest';
import { SyncBatcher } from './sync-batch';

type Sent = { path: string; body: unknown };

/** A server stand-in that answers every shape the batcher sends and records what it was sent. */
function fakeServer() {
  const sent: Sent[] = [];
  const send = async (path: string, init?: RequestInit) => {
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body));
    sent.push({ path, body });
    const checkpoint = { seq: 7, id: 'x' };
    if (path === '/api/sync/pull?workspace=3')
      return (body as Array<{ collection: string }>).map((p) => ({
        collection: p.collection,
        documents: [{ id: p.collection }],
        checkpoint,
      }));
    if (path === '/api/sync/push?workspace=3')
      return (body as Array<{ collection: string }>).map((p) => ({ collection: p.collection, conflicts: [], rejected: [] }));
    if (path.includes('/pull?')) return { documents: [{ id: path }], checkpoint };
    return { conflicts: [], rejected: [] };
  };
  const json = async (value: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
  return { sent, batcher: new SyncBatcher(send, json, 5) };
}

const start = { seq: 0, id: '' };
const row = (id: string) => ({ newDocumentState: { id }, assumedMasterState: null });

describe('sync batcher', () => {
  it('sends pulls of several collections started together as one request, and hands each its own answer', async () => {
    const { sent, batcher } = fakeServer();
    const [a, b, c] = await Promise.all([
      batcher.pull(3, 'products', start, 500),
      batcher.pull(3, 'stock_movements', { seq: 4, id: 'm' }, 500),
      batcher.pull(3, 'pos_orders', start, 100),
    ]);
    expect(sent.map((s) => s.path)).toEqual(['/api/sync/pull?workspace=3']);
    expect(sent[0]?.body).toEqual([
      { collection: 'products', seq: 0, id: '', limit: 500 },
      { collection: 'stock_movements', seq: 4, id: 'm', limit: 500 },
      { collection: 'pos_orders', seq: 0, id: '', limit: 100 },
    ]);
    expect([a.documents, b.documents, c.documents]).toEqual([[{ id: 'products' }], [{ id: 'stock_movements' }], [{ id: 'pos_orders' }]]);
  });

  it('sends a lone pull to its collection’s own endpoint', async () => {
    const { sent, batcher } = fakeServer();
    await batcher.pull(3, 'contacts', { seq: 2, id: 'c 1' }, 50);
    expect(sent.map((s) => s.path)).toEqual(['/api/sync/contacts/pull?workspace=3&seq=2&id=c%201&limit=50']);
  });

  it('a pull answering a live notice goes at once, taking along the pulls already gathering, never waiting out the window', async () => {
    const { sent, batcher } = fakeServer();
    const gathered = batcher.pull(3, 'products', start, 50);
    const urgent = batcher.pull(3, 'contacts', { seq: 2, id: 'c' }, 50, true);
    // Sent before any timer could run: both went in one request, right away.
    expect(sent.map((s) => s.path)).toEqual([]);
    await Promise.resolve();
    expect(sent.map((s) => s.path)).toEqual(['/api/sync/pull?workspace=3']);
    expect(sent[0]?.body).toEqual([
      { collection: 'products', seq: 0, id: '', limit: 50 },
      { collection: 'contacts', seq: 2, id: 'c', limit: 50 },
    ]);
    expect((await urgent).documents).toEqual([{ id: 'contacts' }]);
    expect((await gathered).documents).toEqual([{ id: 'products' }]);

    // Alone, it goes to its collection's own endpoint, at once.
    const alone = batcher.pull(3, 'contacts', { seq: 7, id: 'x' }, 50, true);
    await Promise.resolve();
    expect(sent.map((s) => s.path)).toEqual(['/api/sync/pull?workspace=3', '/api/sync/contacts/pull?workspace=3&seq=7&id=x&limit=50']);
    await alone;
  });

  it('the pulls one live notice starts (a sale: order, stock movements, products) wait for one another and go as one request', async () => {
    const { sent, batcher } = fakeServer();
    batcher.expect(3, ['pos_orders', 'stock_movements', 'products']);
    const orders = batcher.pull(3, 'pos_orders', start, 100, true);
    const movements = batcher.pull(3, 'stock_movements', start, 100, true);
    await new Promise((r) => setTimeout(r, 1));
    // Two of three have asked, in different turns: nothing sent yet.
    expect(sent).toEqual([]);
    const products = batcher.pull(3, 'products', start, 100, true);
    const got = await Promise.all([orders, movements, products]);
    expect(sent.map((s) => s.path)).toEqual(['/api/sync/pull?workspace=3']);
    expect(got.map((a) => a.documents)).toEqual([[{ id: 'pos_orders' }], [{ id: 'stock_movements' }], [{ id: 'products' }]]);

    // A notice whose other pull never comes (that replication is busy): the first goes after a few milliseconds anyway.
    batcher.expect(3, ['contacts', 'products']);
    const late = batcher.pull(3, 'contacts', start, 100, true);
    await new Promise((r) => setTimeout(r, 1));
    expect(sent).toHaveLength(1);
    expect((await late).documents).toEqual([{ id: '/api/sync/contacts/pull?workspace=3&seq=0&id=&limit=100' }]);
    expect(sent).toHaveLength(2);
  });

  it('pushes a sale’s order and its stock movements together', async () => {
    const { sent, batcher } = fakeServer();
    const [orders, movements] = await Promise.all([
      batcher.push(3, 'pos_orders', [row('o1')]),
      batcher.push(3, 'stock_movements', [row('m1'), row('m2')]),
    ]);
    expect(orders).toEqual({ collection: 'pos_orders', conflicts: [], rejected: [] });
    expect(movements).toEqual({ collection: 'stock_movements', conflicts: [], rejected: [] });
    expect(sent).toEqual([
      {
        path: '/api/sync/push?workspace=3',
        body: [
          { collection: 'pos_orders', rows: [row('o1')] },
          { collection: 'stock_movements', rows: [row('m1'), row('m2')] },
        ],
      },
    ]);
  });

  it('never puts one collection twice in a request, and keeps workspaces apart', async () => {
    const { sent, batcher } = fakeServer();
    await Promise.all([
      batcher.pull(3, 'products', start, 10),
      batcher.pull(3, 'products', { seq: 9, id: 'p' }, 10),
      batcher.pull(4, 'products', start, 10),
    ]);
    expect(sent.map((s) => s.path).sort()).toEqual([
      '/api/sync/products/pull?workspace=3&seq=0&id=&limit=10',
      '/api/sync/products/pull?workspace=3&seq=9&id=p&limit=10',
      '/api/sync/products/pull?workspace=4&seq=0&id=&limit=10',
    ]);
  });

  it('a failed request fails every pull waiting on it', async () => {
    const batcher = new SyncBatcher(
      async () => {
        throw new Error('offline');
      },
      async (v) => ({ headers: {}, body: JSON.stringify(v) }),
      5,
    );
    const results = await Promise.allSettled([batcher.pull(3, 'products', start, 10), batcher.pull(3, 'contacts', start, 10)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
