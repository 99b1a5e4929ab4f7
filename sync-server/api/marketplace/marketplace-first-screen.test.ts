import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ID, FIRST_SCREEN_STATE_ID } from '../../../schema/kit/first-screen.js';
import { marketHome } from '../../../schema/marketplace/marketplace.js';
import type { Db } from '../../db/db.js';
import { renderShell } from '../../seo/page-meta.js';
import { metaFor } from '../../seo/seo.js';
import { testDatabases } from '../../../tests/support/databases.js';
import {
  accessCookie,
  openSyncDatabase,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  type SyncTestServer,
} from '../../../tests/support/sync-server.js';

/** A seller naming a product to break out of the page: markup, a script end, a replacement pattern. */
const hostile = `</script><img src=x onerror=alert(1)> "Rooibos" & $& tea`;
const shell = `<html><head><title>Vuka</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>`;

for (const target of testDatabases()) {
  describe(`marketplace first screen and search on ${target.name}`, () => {
    let db: Db;
    let server: SyncTestServer;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startSyncTestServer(db);
      const user = await seedUser(db, { plan: 'pro' });
      const ws = await seedWorkspace(db, user);
      await db.query(`UPDATE workspaces SET name = 'Cape <Teas>', slug = $2, storefront_enabled = true WHERE id = $1`, [ws, `teas-${ws}`]);
      await db.query(`INSERT INTO workspace_settings (workspace_id, currency, country) VALUES ($1, 'ZAR', 'ZA')`, [ws]);
      const products = [
        { name: hostile, category: 'Drinks', price_cents: 4500 },
        { name: 'Rooibos tea', category: 'Drinks', price_cents: 3000 },
        { name: 'Rooibosch blend', category: 'Drinks', price_cents: 3500 },
        { name: 'Rooibos soap', category: 'Home', price_cents: 2500 },
      ];
      const res = await syncApi(server.url, await accessCookie(server.deps, user)).push(
        'products',
        ws,
        products.map((p) => ({
          newDocumentState: {
            id: randomUUID(),
            workspace_id: ws,
            updated_at: new Date().toISOString(),
            product_type: 'physical',
            status: 'active',
            track_inventory: false,
            is_public: true,
            published_in_marketplace: true,
            ...p,
          },
        })),
      );
      expect(res.body).toEqual({ conflicts: [], rejected: [] });
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    const search = async (query: string) => {
      const res = await fetch(`${server.url}/api/marketplace?${query}`);
      return (marketHome.parse(await res.json()).results ?? []).map((p) => p.name);
    };

    it('search ranks the exact word first, finds typos, and keeps to the chosen category', async () => {
      expect((await search('q=rooibos')).slice(0, 3).sort()).toEqual(['Rooibos soap', 'Rooibos tea', hostile].sort());
      expect(await search('q=rooibos')).toHaveLength(4);
      expect(await search('q=rooibs')).toEqual(expect.arrayContaining(['Rooibos tea', 'Rooibos soap', hostile]));
      expect(await search('q=rooibos&category=home')).toEqual(['Rooibos soap']);
      expect((await search('q=rooibos&category=drinks')).at(-1)).toBe('Rooibosch blend');
      expect(await search('q=xylophone')).toEqual([]);
    });

    it('/marketplace arrives with its first products as escaped HTML and the same data the page would ask for', async () => {
      const meta = await metaFor(server.deps, '/marketplace');
      const html = renderShell(shell, meta ?? { title: '', description: '', path: '' }, 'https://shop.example');
      const first = html.slice(html.indexOf(`<div id="${FIRST_SCREEN_ID}">`), html.indexOf('<div id="root">'));
      expect(first).toContain('<h1 class="fs-h1">Marketplace</h1>');
      expect(first).toContain('Rooibos tea');
      expect(first).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &quot;Rooibos&quot; &amp; $&amp; tea');
      expect(first).toContain('Cape &lt;Teas&gt;');
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('<Teas>');

      // The data rides in one JSON script that no name can close, and reads back as the API's answer.
      const opening = `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">`;
      const start = html.indexOf(opening) + opening.length;
      const text = html.slice(start, html.indexOf('</script>', start));
      expect(text).not.toContain('<');
      const state = marketHome.parse(JSON.parse(text));
      const api = marketHome.parse(await (await fetch(`${server.url}/api/marketplace`)).json());
      expect(state).toEqual(api);
      expect(state.newest.map((p) => p.name)).toContain(hostile);
    });

    it('a search address is drawn by the app alone', async () => {
      const meta = await metaFor(server.deps, '/marketplace', new URLSearchParams({ q: 'rooibos' }));
      expect(meta?.firstScreen).toBeUndefined();
      expect(renderShell(shell, meta ?? { title: '', description: '', path: '' }, 'https://shop.example')).not.toContain(FIRST_SCREEN_ID);
    });
  });
}
