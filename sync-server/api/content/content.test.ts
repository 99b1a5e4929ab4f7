import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEntryDto, contentMessages as msg, magazineArticle, magazineFront } from '../../../schema/content/content.js';
import { CONTENT_PUBLISH_JOB } from './content-publish.jobs.js';
import type { Db } from '../../db/db.js';
import { startJobs } from '../../jobs/jobs.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { tusUpload } from '../../../tests/support/drive-upload.js';
import { signedInUser, signIn } from '../../../tests/support/fixtures.js';
import type { CookieClient, TestServer } from '../../../tests/support/server.js';
import { startTestServer } from '../../../tests/support/server.js';
import { seedWorkspace } from '../../../tests/support/sync-server.js';

const HOUR = 3_600_000;
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);

for (const target of testDatabases()) {
  describe(`the content area and the magazine on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let jobs: Awaited<ReturnType<typeof startJobs>>;
    let writer: { client: CookieClient; id: number };
    let ws: number;
    let dataDir: string;

    beforeAll(async () => {
      db = await target.open();
      dataDir = await mkdtemp(join(tmpdir(), 'vuka-content-'));
      server = await startTestServer(db, { env: { DATA_DIR: dataDir } });
      jobs = await startJobs(server.deps, { work: false });
      const w = await signedInUser(server, { full_name: 'Lerato Dlamini' });
      writer = { client: w.client, id: w.user.id };
      ws = await seedWorkspace(db, w.user.id);
    });
    afterAll(async () => {
      await jobs?.stop();
      await server?.close();
      await db?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const entries = (q: Record<string, unknown>) => writer.client.post(`/api/workspaces/${ws}/content`, q);
    const count = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_entries WHERE workspace_id = $1', [ws]))[0].n;

    it('a new entry gets its slug from its title, its body stripped to the allowed tags, and the writer as author', async () => {
      const res = await entries({
        title: 'Selling vetkoek in winter',
        body: '<h1 onclick="x()">Why</h1><p>Hot <b>oil</b><script>alert(1)</script> and <a href="javascript:alert(1)">this</a> <a href="https://example.org">that</a></p>',
        tags: ['Food', 'food', 'winter'],
      });
      expect(res.status, res.text).toBe(200);
      const e = contentEntryDto.parse(res.json);
      expect(e).toMatchObject({ slug: 'selling-vetkoek-in-winter', status: 'draft', type: 'article', author_name: 'Lerato Dlamini' });
      expect(e.body).toBe(
        '<h2>Why</h2><p>Hot <strong>oil</strong> and <a>this</a> <a href="https://example.org" rel="noopener nofollow ugc">that</a></p>',
      );
      expect(e.tags).toEqual(['food', 'winter']);
      // Same title again: the made slug is numbered, not refused.
      expect(contentEntryDto.parse((await entries({ title: 'Selling vetkoek in winter' })).json).slug).toBe('selling-vetkoek-in-winter-2');
    });

    it('a slug the writer chose that the workspace already has is refused, and nothing is stored', async () => {
      await entries({ title: 'Opening hours', slug: 'opening-hours', type: 'page' });
      const before = await count();
      const taken = await entries({ title: 'Other', slug: 'opening-hours' });
      expect(taken.status).toBe(400);
      expect(taken.json).toMatchObject({ message: msg.slugTaken, errors: { slug: [msg.slugTaken] } });
      const other = contentEntryDto.parse((await entries({ title: 'Renamed later' })).json);
      const patch = await writer.client.patch(`/api/workspaces/${ws}/content/${other.id}`, { slug: 'opening-hours' });
      expect(patch.status).toBe(400);
      expect(contentEntryDto.parse((await writer.client.get(`/api/workspaces/${ws}/content/${other.id}`)).json).slug).toBe('renamed-later');
      expect(await count()).toBe(before + 1);
      // Another workspace may use the same slug.
      const other2 = await signedInUser(server);
      const ws2 = await seedWorkspace(db, other2.user.id);
      expect((await other2.client.post(`/api/workspaces/${ws2}/content`, { title: 'Hours', slug: 'opening-hours' })).status).toBe(200);
    });

    it('publishing with no title is refused with a clear message and the entry stays a draft', async () => {
      const untitled = contentEntryDto.parse((await entries({ body: '<p>Words</p>' })).json);
      expect(untitled.slug).toMatch(/^entry-[0-9a-f]{8}$/);
      const res = await writer.client.patch(`/api/workspaces/${ws}/content/${untitled.id}`, { status: 'published' });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ message: msg.titleToPublish });
      expect((await entries({ status: 'published' })).json).toMatchObject({ message: msg.titleToPublish });
      const after = contentEntryDto.parse((await writer.client.get(`/api/workspaces/${ws}/content/${untitled.id}`)).json);
      expect(after.status).toBe('draft');
      // Titled later, its slug follows the title.
      const titled = contentEntryDto.parse(
        (await writer.client.patch(`/api/workspaces/${ws}/content/${untitled.id}`, { title: 'Stock take tips' })).json,
      );
      expect(titled.slug).toBe('stock-take-tips');
    });

    it('the list filters by status and type', async () => {
      await entries({ title: 'A product blurb', type: 'product', status: 'review' });
      const list = async (q: string) =>
        (await writer.client.get(`/api/workspaces/${ws}/content${q}`)).json as { entries: { type: string; status: string }[] };
      const review = await list('?status=review');
      expect(review.entries.length).toBeGreaterThan(0);
      expect(review.entries.every((e) => e.status === 'review')).toBe(true);
      const pages = await list('?type=page');
      expect(pages.entries.map((e) => e.type)).toEqual(['page']);
      expect((await writer.client.get(`/api/workspaces/${ws}/content?status=gone`)).status).toBe(400);
    });

    it('a category of another workspace, or a cover that is not a picture in the drive, is refused', async () => {
      const stranger = await signedInUser(server);
      const ws2 = await seedWorkspace(db, stranger.user.id);
      const theirs = (await stranger.client.post(`/api/workspaces/${ws2}/content-categories`, { name: 'Recipes' })).json as { id: string };
      const cat = await entries({ title: 'x', category_id: theirs.id });
      expect(cat.json).toMatchObject({ message: msg.categoryNotFound });
      const cover = await entries({ title: 'y', cover_file_id: randomUUID() });
      expect(cover.json).toMatchObject({ message: msg.coverNotPicture });
      const dup = await writer.client.post(`/api/workspaces/${ws}/content-categories`, { name: 'Guides' });
      expect(dup.status).toBe(200);
      expect((await writer.client.post(`/api/workspaces/${ws}/content-categories`, { name: 'guides' })).json).toMatchObject({
        message: msg.categoryTaken,
      });
    });

    it('a picture already in the drive, uploaded there as a plain file, is a cover the magazine serves; an SVG in the drive is not', async () => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0392b' } })
        .png()
        .toBuffer();
      const stall = await tusUpload(server, writer.client, ws, png, { filename: 'stall.png', filetype: 'image/png' });
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
      const logo = await tusUpload(server, writer.client, ws, svg, { filename: 'logo.svg', filetype: 'image/svg+xml' });
      expect(logo.fileId).not.toBe('');

      const res = await entries({ title: 'A stall in the sun', status: 'published', cover_file_id: stall.fileId });
      expect(res.status, res.text).toBe(200);
      expect(contentEntryDto.parse(res.json).cover_file_id).toBe(stall.fileId);
      const page = magazineArticle.parse(await (await fetch(`${server.url}/api/magazine/articles/a-stall-in-the-sun`)).json());
      expect(page.has_cover).toBe(true);
      const cover = await fetch(`${server.url}/api/magazine/articles/a-stall-in-the-sun/cover?w=256`);
      expect(cover.status).toBe(200);
      expect(cover.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).width).toBe(40);

      // The drive keeps an SVG as a file, but the magazine cannot size it: it would be an article without its cover.
      const refused = await entries({ title: 'Our new logo', cover_file_id: logo.fileId });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ message: msg.coverNotPicture });
    });

    it('a published article appears on the magazine by category and author, with its page, and the server writes its Article JSON-LD', async () => {
      const cat = (await writer.client.post(`/api/workspaces/${ws}/content-categories`, { name: 'Money' })).json as { id: string };
      const e = contentEntryDto.parse(
        (
          await entries({
            title: 'Pricing for profit',
            body: '<p>Know your costs.</p>',
            excerpt: 'How to price what you sell.',
            seo_title: 'Pricing for profit: a guide',
            seo_description: 'Set prices that cover your costs.',
            category_id: cat.id,
            status: 'published',
          })
        ).json,
      );
      expect(e.magazine_path).toBe('/magazine/article/pricing-for-profit');
      const anon = server.url;
      const front = magazineFront.parse(await (await fetch(`${anon}/api/magazine`)).json());
      expect(front.articles.map((a) => a.slug)).toContain('pricing-for-profit');
      expect(front.can_curate).toBe(false);
      const byCat = magazineFront.parse(await (await fetch(`${anon}/api/magazine?category=money`)).json());
      expect(byCat.articles.map((a) => a.slug)).toEqual(['pricing-for-profit']);
      const byAuthor = magazineFront.parse(await (await fetch(`${anon}/api/magazine?author=Lerato%20Dlamini`)).json());
      expect(byAuthor.articles.every((a) => a.author_name === 'Lerato Dlamini')).toBe(true);
      const page = magazineArticle.parse(await (await fetch(`${anon}/api/magazine/articles/pricing-for-profit`)).json());
      expect(page).toMatchObject({
        title: 'Pricing for profit',
        category: 'Money',
        author_name: 'Lerato Dlamini',
        body: '<p>Know your costs.</p>',
      });
      // Drafts and other types are not on the magazine.
      expect(front.articles.map((a) => a.title)).not.toContain('Opening hours');

      const sitemap = await (await fetch(`${anon}/sitemap.xml`)).text();
      expect(sitemap).toContain('/magazine/article/pricing-for-profit</loc>');
      // Archived: gone from the magazine, its page and the sitemap.
      await writer.client.patch(`/api/workspaces/${ws}/content/${e.id}`, { status: 'archived' });
      expect((await fetch(`${anon}/api/magazine/articles/pricing-for-profit`)).status).toBe(404);
      expect(await (await fetch(`${anon}/sitemap.xml`)).text()).not.toContain('pricing-for-profit');
      await writer.client.patch(`/api/workspaces/${ws}/content/${e.id}`, { status: 'published' });
      const again = contentEntryDto.parse((await writer.client.get(`/api/workspaces/${ws}/content/${e.id}`)).json);
      expect(again.published_at).toBe(e.published_at);
    });

    it('the same slug published by two workspaces gets two magazine addresses', async () => {
      const other = await signedInUser(server, { full_name: 'Sipho Khumalo' });
      const ws2 = await seedWorkspace(db, other.user.id);
      const mine = contentEntryDto.parse((await entries({ title: 'Spring specials', status: 'published' })).json);
      const theirs = contentEntryDto.parse(
        (await other.client.post(`/api/workspaces/${ws2}/content`, { title: 'Spring specials', status: 'published' })).json,
      );
      expect(mine.magazine_path).toBe('/magazine/article/spring-specials');
      expect(theirs.magazine_path).toMatch(/^\/magazine\/article\/spring-specials-[0-9a-f]{8}$/);
      const page = magazineArticle.parse(
        await (await fetch(`${server.url}/api/magazine/articles/${theirs.magazine_path?.split('/').pop()}`)).json(),
      );
      expect(page.author_name).toBe('Sipho Khumalo');
    });

    it('only an admin features an article on the magazine’s front', async () => {
      contentEntryDto.parse((await entries({ title: 'Front page story', status: 'published' })).json);
      const refused = await writer.client.post('/api/admin/magazine/articles/front-page-story/feature', { featured: true });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ message: msg.adminsOnly });
      const admin = await signedInUser(server);
      await db.query('UPDATE users SET is_admin = true WHERE id = $1', [admin.user.id]);
      expect(magazineFront.parse((await admin.client.get('/api/magazine')).json).can_curate).toBe(true);
      expect((await admin.client.post('/api/admin/magazine/articles/front-page-story/feature', { featured: true })).status).toBe(200);
      const front = magazineFront.parse(await (await fetch(`${server.url}/api/magazine`)).json());
      expect(front.featured.map((a) => a.slug)).toEqual(['front-page-story']);
      expect((await admin.client.post('/api/admin/magazine/articles/no-such-story/feature', { featured: true })).status).toBe(404);
    });

    it('a scheduled entry is published by the sweep once its time comes, not before; a time in the past is refused', async () => {
      const at = new Date(server.deps.now().getTime() + 2 * HOUR).toISOString();
      const past = await entries({ title: 'Too late', scheduled_at: new Date(server.deps.now().getTime() - HOUR).toISOString() });
      expect(past.json).toMatchObject({ message: msg.scheduleInPast });
      const noTitle = await entries({ scheduled_at: at });
      expect(noTitle.json).toMatchObject({ message: msg.titleToSchedule });
      const e = contentEntryDto.parse((await entries({ title: 'Market day recap', scheduled_at: at })).json);
      expect(e).toMatchObject({ status: 'draft', scheduled_at: at });
      await jobs.queue.send(CONTENT_PUBLISH_JOB, {});
      await jobs.queue.drain(CONTENT_PUBLISH_JOB);
      expect(contentEntryDto.parse((await writer.client.get(`/api/workspaces/${ws}/content/${e.id}`)).json).status).toBe('draft');
      server.advance(3 * HOUR);
      try {
        await jobs.queue.send(CONTENT_PUBLISH_JOB, {});
        expect(await jobs.queue.drain(CONTENT_PUBLISH_JOB)).toBe(1);
        const client = await signIn(server, writer.id);
        const done = contentEntryDto.parse((await client.get(`/api/workspaces/${ws}/content/${e.id}`)).json);
        expect(done).toMatchObject({
          status: 'published',
          published_at: at,
          scheduled_at: null,
          magazine_path: '/magazine/article/market-day-recap',
        });
      } finally {
        server.advance(-3 * HOUR);
      }
    });

    it('a member of another workspace reads and changes none of its entries', async () => {
      const e = contentEntryDto.parse((await entries({ title: 'Private plans' })).json);
      const stranger = await signedInUser(server);
      expect((await stranger.client.get(`/api/workspaces/${ws}/content/${e.id}`)).status).toBe(403);
      expect((await stranger.client.patch(`/api/workspaces/${ws}/content/${e.id}`, { title: 'Mine' })).status).toBe(403);
      const ws2 = await seedWorkspace(db, stranger.user.id);
      expect((await stranger.client.get(`/api/workspaces/${ws2}/content/${e.id}`)).status).toBe(404);
      expect((await stranger.client.patch(`/api/workspaces/${ws2}/content/${e.id}`, { title: 'Mine' })).status).toBe(404);
      expect(contentEntryDto.parse((await writer.client.get(`/api/workspaces/${ws}/content/${e.id}`)).json).title).toBe('Private plans');
    });

    it('the HTML sent for an article’s page carries its title, description, Open Graph and Article JSON-LD', async () => {
      await entries({ title: 'Rain & roofs', excerpt: 'Fixing leaks before the storms.', status: 'published' });
      const { metaFor } = await import('../../seo/seo.js');
      const { renderShell } = await import('../../seo/page-meta.js');
      const meta = await metaFor(server.deps, '/magazine/article/rain-roofs');
      expect(meta).not.toBeNull();
      const html = renderShell(
        '<html><head><meta name="description" content="x" /><title>Vuka</title></head></html>',
        meta ?? { title: '', description: '', path: '' },
        'https://mag.example',
      );
      expect(html).toContain('<title>Rain &amp; roofs | Vuka</title>');
      expect(html).toContain('<meta property="og:type" content="article" />');
      expect(html).toContain('<meta name="description" content="Fixing leaks before the storms." />');
      const ld = jsonLdOf(html);
      expect(ld[0]).toMatchObject({ '@type': 'Article', headline: 'Rain & roofs', author: { name: 'Lerato Dlamini' } });
      expect(await metaFor(server.deps, '/magazine/article/no-such-thing')).toBeNull();
    });
  });
}
