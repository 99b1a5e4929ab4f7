import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifiedDto } from '../../../schema/classifieds/classifieds.js';
import { formatCents } from '../../../schema/kit/money.js';
import type { Db } from '../../db/db.js';
import { renderShell, siteOrigin } from '../../seo/page-meta.js';
import { metaFor } from '../../seo/seo.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { signedInUser } from '../../../tests/support/fixtures.js';
import type { CookieClient, TestServer } from '../../../tests/support/server.js';
import { startTestServer } from '../../../tests/support/server.js';
import { seedWorkspace } from '../../../tests/support/sync-server.js';

const SHELL = '<html><head><meta name="description" content="x" /><title>Vuka</title></head><body></body></html>';
const ORIGIN = 'https://ads.example';

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);

for (const target of testDatabases()) {
  describe(`classified ads for search engines on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let client: CookieClient;
    let ws: number;
    const photos = [randomUUID(), randomUUID()];

    beforeAll(async () => {
      db = await target.open();
      server = await startTestServer(db);
      const seller = await signedInUser(server, { full_name: 'Zanele Mthembu' });
      client = seller.client;
      ws = await seedWorkspace(db, seller.user.id);
      for (const id of photos)
        await db.query(
          `INSERT INTO drive_files (workspace_id, id, name, mime_type, size_bytes, sha256, storage_key)
           VALUES ($1, $2, 'bike.jpg', 'image/jpeg', 10, $3, $4)`,
          [ws, id, '0'.repeat(64), `workspaces/${ws}/files/${id}`],
        );
    });
    afterAll(async () => {
      await server?.close();
      await db?.close();
    });

    async function ad(extra: Record<string, unknown>) {
      const res = await client.post(`/api/workspaces/${ws}/classifieds`, {
        title: 'Raleigh mountain bike',
        description: 'Size L frame,\n new tyres & brakes. Collect in Durban North.',
        category: 'sport_leisure',
        price_cents: 320_000,
        area: 'Durban North',
        images: photos,
        status: 'published',
        ...extra,
      });
      expect(res.status, res.text).toBe(200);
      return classifiedDto.parse(res.json);
    }

    it('a published ad’s page carries its title and price, description, canonical URL, first photo and a Product with a ZAR Offer', async () => {
      const live = await ad({});
      const path = `/classifieds/${live.id}`;
      const meta = await metaFor(server.deps, path);
      expect(meta).not.toBeNull();
      const html = renderShell(SHELL, meta ?? { title: '', description: '', path: '' }, ORIGIN);
      const price = formatCents(320_000, 'ZAR');
      expect(html).toContain(`<title>Raleigh mountain bike – ${price} | Vuka</title>`);
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${path}" />`);
      expect(html).toContain('<meta property="og:type" content="product" />');
      expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/api/classifieds/${live.id}/photos/${photos[0]}?w=1024" />`);
      expect(html).toMatch(/<meta name="description" content="[^"]*Durban North[^"]*new tyres &amp; brakes/);
      const ld = jsonLdOf(html);
      expect(ld.map((d) => d['@type'])).toEqual(['Product', 'BreadcrumbList']);
      // JSON-LD carries the server's own origin (APP_ORIGIN).
      const site = siteOrigin(server.deps);
      expect(ld[0]).toMatchObject({
        name: 'Raleigh mountain bike',
        url: `${site}${path}`,
        image: photos.map((f) => `${site}/api/classifieds/${live.id}/photos/${f}?w=1024`),
        offers: {
          '@type': 'Offer',
          price: '3200.00',
          priceCurrency: 'ZAR',
          availability: 'https://schema.org/InStock',
          seller: { '@type': 'Person', name: 'Zanele' },
        },
      });
      // The seller's surname stays off the page, as on the listing itself.
      expect(html).not.toContain('Mthembu');
    });

    it('an ad without a price or photo has no Offer and no og:image; drafts, paused and sold ads have no page meta', async () => {
      const free = await ad({ title: 'Free firewood', price_cents: null, images: [], description: '' });
      const meta = await metaFor(server.deps, `/classifieds/${free.id}`);
      expect(meta?.title).toBe('Free firewood');
      expect(meta?.image).toBeUndefined();
      expect(meta?.jsonLd?.[0]).not.toHaveProperty('offers');

      const draft = await ad({ title: 'Draft couch', status: 'draft' });
      expect(await metaFor(server.deps, `/classifieds/${draft.id}`)).toBeNull();
      const paused = await ad({ title: 'Paused fridge' });
      expect((await client.patch(`/api/workspaces/${ws}/classifieds/${paused.id}`, { status: 'paused' })).status).toBe(200);
      expect(await metaFor(server.deps, `/classifieds/${paused.id}`)).toBeNull();
      const sold = await ad({ title: 'Sold kettle' });
      expect((await client.patch(`/api/workspaces/${ws}/classifieds/${sold.id}`, { status: 'sold' })).status).toBe(200);
      expect(await metaFor(server.deps, `/classifieds/${sold.id}`)).toBeNull();
      expect(await metaFor(server.deps, `/classifieds/${randomUUID()}`)).toBeNull();
      // The post-an-ad form's address is not an ad.
      expect(await metaFor(server.deps, '/classifieds/new')).toBeNull();
      expect((await metaFor(server.deps, '/classifieds'))?.path).toBe('/classifieds');
    });

    it('sitemap.xml lists shown ads and no draft, paused or expired one', async () => {
      const shown = await ad({ title: 'Shown table' });
      const draft = await ad({ title: 'Hidden draft', status: 'draft' });
      const paused = await ad({ title: 'Hidden paused' });
      await client.patch(`/api/workspaces/${ws}/classifieds/${paused.id}`, { status: 'paused' });
      const expired = await ad({ title: 'Short run', run_days: 7 });
      await db.query(`UPDATE classifieds SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired.id]);
      const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
      expect(xml).toContain(`/classifieds/${shown.id}</loc>`);
      expect(xml).toContain('/classifieds</loc>');
      for (const hidden of [draft, paused, expired]) expect(xml).not.toContain(hidden.id);
      expect(await metaFor(server.deps, `/classifieds/${expired.id}`)).toBeNull();
    });
  });
}
