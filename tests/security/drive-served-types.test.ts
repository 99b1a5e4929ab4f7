import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareLinkCreated } from '../../schema/drive/drive.js';
import type { Db } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { cookieOf, tusUpload } from '../support/drive-upload.js';
import { signedInUser } from '../support/fixtures.js';
import { CookieClient, startTestServer, type TestServer } from '../support/server.js';
import { seedWorkspace } from '../support/sync-server.js';

/**
 * Probe: a file someone put in the drive is never served from the app's origin as something the
 * browser runs or renders as a page. With every type allowed (`*\/*`), a script, a module, an HTML
 * page and an SVG are uploaded with their own types and fetched the ways the drive serves bytes (a
 * download, "open", a public share link): each comes as a neutral type and an attachment, with
 * nosniff and a sandboxing policy, so `script-src 'self'` can never be pointed at one. Pictures and
 * PDFs the app opens in the browser stay what they are.
 */

const risky = [
  { filename: 'till.js', filetype: 'text/javascript', body: 'fetch("/api/me").then((r) => r.text()).then(alert);\n' },
  { filename: 'module.mjs', filetype: 'text/javascript', body: 'export const stolen = document.cookie;\n' },
  { filename: 'offer.html', filetype: 'text/html', body: '<!doctype html><script>alert(document.domain)</script>\n' },
  {
    filename: 'page.xhtml',
    filetype: 'application/xhtml+xml',
    body: '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>\n',
  },
  { filename: 'logo.svg', filetype: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n' },
  // A page declared as plain bytes, then opened: still not a page.
  { filename: 'menu.html', filetype: 'application/octet-stream', body: '<!doctype html><script>alert(2)</script>\n' },
] as const;

for (const target of testDatabases()) {
  describe(`drive files are never served as script or page on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let dataDir: string;
    let owner: { client: CookieClient };
    let ws: number;
    beforeAll(async () => {
      db = await target.open();
      dataDir = await mkdtemp(join(tmpdir(), 'vuka-drive-types-'));
      server = await startTestServer(db, { env: { DATA_DIR: dataDir } });
      const user = await signedInUser(server, { plan: 'pro' });
      owner = user;
      ws = await seedWorkspace(db, user.user.id);
      await db.query(`INSERT INTO workspace_settings (workspace_id, allowed_file_types) VALUES ($1, ARRAY['*/*'])`, [ws]);
    });
    afterAll(async () => {
      await server?.close();
      await db?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    async function fetched(client: CookieClient, path: string) {
      const res = await fetch(client.base + path, { headers: { cookie: cookieOf(client) } });
      return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
    }

    /** The three ways a stored file's bytes leave the server. */
    async function everyWay(fileId: string) {
      const link = shareLinkCreated.parse((await owner.client.post(`/api/workspaces/${ws}/drive/files/${fileId}/links`, {})).json);
      const anon = new CookieClient(server.url);
      return {
        download: await fetched(owner.client, `/api/workspaces/${ws}/drive/files/${fileId}/content`),
        opened: await fetched(owner.client, `/api/workspaces/${ws}/drive/files/${fileId}/content?view=inline`),
        shared: await fetched(anon, `/api/drive/shared/${link.token}`),
      };
    }

    for (const file of risky) {
      it(`${file.filename} (${file.filetype}) comes as plain bytes to save, never as ${file.filetype}`, async () => {
        const data = Buffer.from(file.body);
        const { fileId } = await tusUpload(server, owner.client, ws, data, { filename: file.filename, filetype: file.filetype });
        expect(fileId).toMatch(/^[0-9a-f-]{36}$/);
        for (const [way, res] of Object.entries(await everyWay(fileId))) {
          expect(res.status, way).toBe(200);
          expect(res.body.equals(data), way).toBe(true);
          expect(res.headers.get('content-type'), way).toBe('application/octet-stream');
          expect(res.headers.get('content-disposition'), way).toMatch(/^attachment; filename="/);
          expect(res.headers.get('x-content-type-options'), way).toBe('nosniff');
          expect(res.headers.get('content-security-policy'), way).toMatch(/(^|; )sandbox(;|$)/);
          expect(res.headers.get('content-security-policy'), way).toContain("default-src 'none'");
        }
      });
    }

    it('a picture still opens in the browser as the image it is, sandboxed; a PDF opens as a PDF', async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0392b' } })
        .png()
        .toBuffer();
      const picture = await tusUpload(server, owner.client, ws, png, { filename: 'stall.png', filetype: 'image/png' });
      const ways = await everyWay(picture.fileId);
      expect(ways.opened.headers.get('content-type')).toBe('image/png');
      expect(ways.opened.headers.get('content-disposition')).toMatch(/^inline; /);
      expect(ways.opened.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
      expect(ways.shared.headers.get('content-type')).toBe('image/png');
      expect(ways.shared.headers.get('content-disposition')).toMatch(/^attachment; /);

      const pdf = randomBytes(2000);
      Buffer.from('%PDF-1.7\n').copy(pdf);
      const doc = await tusUpload(server, owner.client, ws, pdf, { filename: 'price list.pdf', filetype: 'application/pdf' });
      const opened = (await everyWay(doc.fileId)).opened;
      expect(opened.headers.get('content-type')).toBe('application/pdf');
      expect(opened.headers.get('content-disposition')).toMatch(/^inline; /);
      expect(opened.headers.get('x-content-type-options')).toBe('nosniff');
      expect(opened.headers.get('content-security-policy')).toContain("default-src 'none'");
    });
  });
}
