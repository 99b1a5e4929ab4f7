import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDetail, eventMessages, MAX_GALLERY_PICTURES, publicEventDetail, publicEventList } from '../../../schema/events/events.js';
import type { Db } from '../../db/db.js';
import { splitSql } from '../../db/migrate.js';
import { renderShell } from '../../seo/page-meta.js';
import { metaFor } from '../../seo/seo.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { tusUpload } from '../../../tests/support/drive-upload.js';
import { createUser, signedInUser } from '../../../tests/support/fixtures.js';
import { startTestServer, type CookieClient, type TestServer } from '../../../tests/support/server.js';
import { seedWorkspace } from '../../../tests/support/sync-server.js';

/**
 * Issue 19: an event's cover and gallery come from its workspace's drive, as a classified's photos
 * do. The server takes only pictures of that drive, serves them to anyone only while the event is
 * public and published, and gives search engines the cover.
 */

/** A `width`×`height` PNG of one colour. */
const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

for (const target of testDatabases()) {
  describe(`an event's cover and gallery on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let dataDir: string;
    let organiser: CookieClient;
    let ws: number;
    const file = { stall: '', crowd: '', stage: '', spare: '', binned: '', pdf: '', svg: '', foreign: '' };

    beforeAll(async () => {
      db = await target.open();
      dataDir = await mkdtemp(join(tmpdir(), 'vuka-event-pictures-'));
      server = await startTestServer(db, { env: { DATA_DIR: dataDir } });
      const owner = await signedInUser(server, { plan: 'pro' });
      organiser = owner.client;
      ws = await seedWorkspace(db, owner.user.id);
      const upload = async (client: CookieClient, workspace: number, data: Buffer, filename: string, filetype: string) => {
        const done = await tusUpload(server, client, workspace, data, { filename, filetype });
        expect(done.fileId).not.toBe('');
        return done.fileId;
      };
      file.stall = await upload(organiser, ws, await png(640, 360, '#c0392b'), 'stall.png', 'image/png');
      file.crowd = await upload(organiser, ws, await png(300, 200, '#2980b9'), 'crowd.png', 'image/png');
      file.stage = await upload(organiser, ws, await png(300, 200, '#27ae60'), 'stage.png', 'image/png');
      file.spare = await upload(organiser, ws, await png(300, 200, '#8e44ad'), 'spare.png', 'image/png');
      file.binned = await upload(organiser, ws, await png(300, 200, '#7f8c8d'), 'old.png', 'image/png');
      expect((await organiser.post(`/api/workspaces/${ws}/drive/files/${file.binned}/trash`)).status).toBe(200);
      file.pdf = await upload(organiser, ws, Buffer.from('%PDF-1.4\n%%EOF\n'), 'price-list.pdf', 'application/pdf');
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
      file.svg = await upload(organiser, ws, Buffer.from(svg), 'logo.svg', 'image/svg+xml');
      // Another business's picture: its id is no picture of this workspace's drive.
      const other = await signedInUser(server);
      file.foreign = await upload(
        other.client,
        await seedWorkspace(db, other.user.id),
        await png(300, 200, '#000000'),
        'theirs.png',
        'image/png',
      );
    });
    afterAll(async () => {
      await server?.close();
      await db?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    const eventsPath = () => `/api/workspaces/${ws}/events`;
    const create = (body: Record<string, unknown>) => organiser.post(eventsPath(), { start_date: '2031-05-01T18:00', ...body });
    const patch = (id: string, body: Record<string, unknown>) => organiser.patch(`${eventsPath()}/${id}`, body);
    const picture = (slug: string, fileId: string, w = 256) => fetch(`${server.url}/api/public/events/${slug}/pictures/${fileId}?w=${w}`);
    const eventCount = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE workspace_id = $1', [ws]))[0].n;

    it('a cover and gallery from the drive are kept in order; the public page shows them and serves each sized as WebP; search engines get the cover', async () => {
      const made = await create({
        title: 'Market by the sea',
        status: 'published',
        cover_image: file.stall,
        // Named twice, a picture is kept once, where it first stands.
        gallery: [file.stage, file.crowd, file.stage],
      });
      expect(made.status, made.text).toBe(200);
      const event = eventDetail.parse(made.json);
      expect(event).toMatchObject({ cover_image: file.stall, gallery: [file.stage, file.crowd] });

      const page = publicEventDetail.parse((await organiser.get(`/api/public/events/${event.slug}`)).json);
      expect(page).toMatchObject({ cover_image: file.stall, gallery: [file.stage, file.crowd] });
      const listed = publicEventList.parse((await organiser.get(`/api/public/events?q=${encodeURIComponent('Market by the sea')}`)).json);
      expect(listed.events.map((e) => e.cover_image)).toEqual([file.stall]);

      const cover = await picture(event.slug, file.stall);
      expect(cover.status).toBe(200);
      expect(cover.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await cover.arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 144 });
      // Anyone may fetch it: no cookie was sent.
      for (const id of [file.stage, file.crowd]) expect((await picture(event.slug, id, 64)).status).toBe(200);
      // A picture of the same drive that the event does not show is not served through it.
      expect((await picture(event.slug, file.spare)).status).toBe(404);
      expect((await picture(event.slug, file.foreign)).status).toBe(404);
      expect((await picture(event.slug, file.stall)).status).toBe(200);
      expect((await fetch(`${server.url}/api/public/events/${event.slug}/pictures/${file.stall}?w=300`)).status).toBe(400);

      const path = `/marketplace/events/${event.slug}`;
      const meta = await metaFor(server.deps, path);
      const html = renderShell(
        '<html><head><title>Vuka</title></head><body></body></html>',
        meta ?? { title: '', description: '', path: '' },
        'https://tickets.example',
      );
      const coverUrl = `https://tickets.example/api/public/events/${event.slug}/pictures/${file.stall}?w=1024`;
      expect(html).toContain(`<meta property="og:image" content="${coverUrl}" />`);
      const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
        (m) => JSON.parse(m[1]) as Record<string, unknown>,
      );
      const origin = new URL(String(ld[0].url)).origin;
      expect(ld[0]).toMatchObject({
        '@type': 'Event',
        image: [file.stall, file.stage, file.crowd].map((id) => `${origin}/api/public/events/${event.slug}/pictures/${id}?w=1024`),
      });
      expect((await fetch(`${server.url}${new URL(String((ld[0].image as string[])[0])).pathname}?w=1024`)).status).toBe(200);

      // The organiser changes the gallery's order, removes the cover, and an empty cover stays empty.
      const reordered = eventDetail.parse((await patch(event.id, { gallery: [file.crowd, file.stage, file.spare] })).json);
      expect(reordered).toMatchObject({ cover_image: file.stall, gallery: [file.crowd, file.stage, file.spare] });
      expect(eventDetail.parse((await patch(event.id, { cover_image: null })).json).cover_image).toBeNull();
      expect((await picture(event.slug, file.stall)).status).toBe(404);
      expect((await metaFor(server.deps, path))?.image).toBe(`/api/public/events/${event.slug}/pictures/${file.crowd}?w=1024`);
      expect(eventDetail.parse((await patch(event.id, { cover_image: file.stall })).json).cover_image).toBe(file.stall);
      expect(eventDetail.parse((await patch(event.id, { cover_image: '' })).json).cover_image).toBeNull();
      expect(eventDetail.parse((await patch(event.id, { title: 'Market by the sea' })).json).gallery).toEqual([
        file.crowd,
        file.stage,
        file.spare,
      ]);
    });

    it('spec §5 on create: an empty-string cover counts as absent and the gallery defaults to an empty list', async () => {
      const made = await create({ title: 'Plain evening', cover_image: '' });
      expect(made.status, made.text).toBe(200);
      expect(eventDetail.parse(made.json)).toMatchObject({ cover_image: null, gallery: [] });
    });

    it('a cover or gallery picture that is not a picture in the workspace’s drive is refused on its field, and nothing is stored', async () => {
      const before = await eventCount();
      const coverRefused = {
        status: 400,
        json: { message: eventMessages.coverNotPicture, errors: { cover_image: [eventMessages.coverNotPicture] } },
      };
      const galleryRefused = {
        status: 400,
        json: { message: eventMessages.galleryNotPicture, errors: { gallery: [eventMessages.galleryNotPicture] } },
      };
      // Another workspace's picture, a file that is no picture, an SVG, one in the bin, an id nobody has, an address.
      for (const cover of [file.foreign, file.pdf, file.svg, file.binned, randomUUID(), 'https://img.example/braai.jpg']) {
        expect(await create({ title: 'Refused cover', cover_image: cover })).toMatchObject(coverRefused);
      }
      for (const bad of [file.foreign, file.pdf, file.svg, file.binned, 'stall.png']) {
        expect(await create({ title: 'Refused gallery', gallery: [file.crowd, bad] })).toMatchObject(galleryRefused);
      }
      expect(await eventCount()).toBe(before);

      const kept = eventDetail.parse((await create({ title: 'Kept as it was', cover_image: file.stall, gallery: [file.crowd] })).json);
      expect(await patch(kept.id, { cover_image: file.foreign, title: 'Changed' })).toMatchObject(coverRefused);
      expect(await patch(kept.id, { gallery: [file.stage, file.pdf] })).toMatchObject(galleryRefused);
      const tooMany = Array.from({ length: MAX_GALLERY_PICTURES + 1 }, () => randomUUID());
      expect(await patch(kept.id, { gallery: tooMany })).toMatchObject({
        status: 400,
        json: { errors: { gallery: [eventMessages.gallerySize] } },
      });
      const after = eventDetail.parse((await organiser.get(`${eventsPath()}/${kept.id}`)).json);
      expect(after).toMatchObject({ title: 'Kept as it was', cover_image: file.stall, gallery: [file.crowd] });
    });

    it('the pictures are served only while the event is public and published; a picture moved to the bin leaves the page', async () => {
      const event = eventDetail.parse(
        (await create({ title: 'Night run', cover_image: file.stall, gallery: [file.crowd, file.stage] })).json,
      );
      const served = async () => ({
        cover: (await picture(event.slug, file.stall)).status,
        gallery: (await picture(event.slug, file.crowd)).status,
      });
      // A draft.
      expect(await served()).toEqual({ cover: 404, gallery: 404 });
      expect((await patch(event.id, { status: 'published' })).status).toBe(200);
      expect(await served()).toEqual({ cover: 200, gallery: 200 });
      // Private: the page opens by its link, without the pictures.
      expect((await patch(event.id, { visibility: 'private' })).status).toBe(200);
      expect(await served()).toEqual({ cover: 404, gallery: 404 });
      const privatePage = publicEventDetail.parse((await organiser.get(`/api/public/events/${event.slug}`)).json);
      expect(privatePage).toMatchObject({ cover_image: null, gallery: [] });
      expect(await metaFor(server.deps, `/marketplace/events/${event.slug}`)).toBeNull();
      expect((await patch(event.id, { visibility: 'public' })).status).toBe(200);
      expect(await served()).toEqual({ cover: 200, gallery: 200 });
      // Back to a draft, then cancelled.
      expect((await patch(event.id, { status: 'draft' })).status).toBe(200);
      expect(await served()).toEqual({ cover: 404, gallery: 404 });
      expect((await patch(event.id, { status: 'cancelled' })).status).toBe(200);
      expect(await served()).toEqual({ cover: 404, gallery: 404 });

      // Published again; then the gallery's first picture goes to the drive's bin.
      expect((await patch(event.id, { status: 'published' })).status).toBe(200);
      expect((await organiser.post(`/api/workspaces/${ws}/drive/files/${file.crowd}/trash`)).status).toBe(200);
      expect((await picture(event.slug, file.crowd)).status).toBe(404);
      const page = publicEventDetail.parse((await organiser.get(`/api/public/events/${event.slug}`)).json);
      expect(page).toMatchObject({ cover_image: file.stall, gallery: [file.stage] });
      expect((await organiser.post(`/api/workspaces/${ws}/drive/files/${file.crowd}/restore`)).status).toBe(200);
      expect((await picture(event.slug, file.crowd)).status).toBe(200);
    });
  });

  describe(`migration 0059 on ${target.name}`, () => {
    it('keeps covers and gallery entries that are drive ids, in order, and drops addresses typed through the API', async () => {
      const db = await target.open();
      try {
        // The events table as it was before 0059: a text cover, a JSON gallery.
        await db.query('ALTER TABLE events DROP CONSTRAINT events_gallery_size');
        await db.query('ALTER TABLE events ALTER COLUMN cover_image TYPE text');
        await db.query('ALTER TABLE events ALTER COLUMN gallery DROP DEFAULT');
        await db.query('ALTER TABLE events ALTER COLUMN gallery TYPE jsonb USING to_jsonb(gallery)');
        await db.query(`ALTER TABLE events ALTER COLUMN gallery SET DEFAULT '[]'`);
        const ws = await seedWorkspace(db, (await createUser(db)).id);
        const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
        const insert = (slug: string, cover: string | null, gallery: unknown) =>
          db.query(
            `INSERT INTO events (workspace_id, id, title, slug, start_date, public_key, cover_image, gallery)
             VALUES ($1, $2, 'Old', $3, '2030-01-01', 'k', $4, $5::jsonb)`,
            [ws, randomUUID(), slug, cover, JSON.stringify(gallery)],
          );
        await insert('by-address', 'https://img.example/braai.jpg', ['https://img.example/1.jpg', b, 'x', a]);
        await insert('by-id', c.toUpperCase(), [c, b]);
        await insert('bare', null, []);

        const sql = await readFile(new URL('../../migrations/0059_event_pictures.sql', import.meta.url), 'utf8');
        for (const statement of splitSql(sql)) await db.query(statement);

        const rows = await db.query<{ slug: string; cover_image: string | null; gallery: string[] }>(
          'SELECT slug, cover_image::text AS cover_image, gallery::text[] AS gallery FROM events ORDER BY slug',
        );
        expect(rows).toEqual([
          { slug: 'bare', cover_image: null, gallery: [] },
          { slug: 'by-address', cover_image: null, gallery: [b, a] },
          { slug: 'by-id', cover_image: c, gallery: [c, b] },
        ]);
        await expect(
          db.query(`UPDATE events SET gallery = $1::uuid[] WHERE slug = 'bare'`, [Array.from({ length: 31 }, () => randomUUID())]),
        ).rejects.toThrow();
      } finally {
        await db.close();
      }
    });
  });
}
