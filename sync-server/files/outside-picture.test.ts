import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOutsidePicture, isPrivateAddress, OUTSIDE_PICTURE_LIMITS, OutsidePictureError } from './outside-picture.js';

describe('isPrivateAddress', () => {
  it('names loopback, private, link-local, shared and mapped addresses, and lets public ones through', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      // The same IPv4 addresses reached through IPv6's translation and tunnel prefixes.
      '::ffff:7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      '2002:a9fe:a9fe::',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '::7f00:1',
      '::10.0.0.1',
      'fec0::1',
      '100::1',
      'not-an-ip',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '196.25.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });
});

describe('fetchOutsidePicture', () => {
  let server: Server;
  let base: string;
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#e07a1f' } })
      .png()
      .toBuffer();
    server = createServer((req, res) => {
      if (req.url === '/logo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (req.url === '/page') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
      if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(OUTSIDE_PICTURE_LIMITS.bytes + 10));
        return;
      }
      if (req.url === '/moved') return void res.writeHead(302, { location: '/logo.png' }).end();
      if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const allowed = { allowPrivate: true };

  it('fetches a picture, follows a redirect, and redraws it as PNG at the asked width', async () => {
    for (const path of ['/logo.png', '/moved']) {
      const out = await fetchOutsidePicture(`${base}${path}`, 240, allowed);
      const meta = await sharp(out).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(240);
    }
  });

  it('refuses private addresses by literal and by name, other schemes, and addresses with credentials', async () => {
    const refused = { allowPrivate: false };
    await expect(fetchOutsidePicture('http://127.0.0.1/logo.png', 240, refused)).rejects.toThrow(/not a public address/);
    await expect(fetchOutsidePicture('http://[::1]/logo.png', 240, refused)).rejects.toThrow(/not a public address/);
    await expect(fetchOutsidePicture('http://localhost/logo.png', 240, refused)).rejects.toThrow(/not a public address/);
    await expect(fetchOutsidePicture(`${base}/logo.png`, 240, refused)).rejects.toThrow(OutsidePictureError);
    await expect(fetchOutsidePicture('file:///etc/passwd', 240, allowed)).rejects.toThrow(/Only http and https/);
    await expect(fetchOutsidePicture('https://user:pw@example.com/a.png', 240, allowed)).rejects.toThrow(/user name/);
    await expect(fetchOutsidePicture('not a url', 240, allowed)).rejects.toThrow(/not a URL/);
  });

  it('refuses what is not a picture, too large, missing, or redirecting without end', async () => {
    await expect(fetchOutsidePicture(`${base}/page`, 240, allowed)).rejects.toThrow(/not a picture/);
    await expect(fetchOutsidePicture(`${base}/huge`, 240, allowed)).rejects.toThrow(/too large/);
    await expect(fetchOutsidePicture(`${base}/gone`, 240, allowed)).rejects.toThrow(/answered 404/);
    await expect(fetchOutsidePicture(`${base}/loop`, 240, allowed)).rejects.toThrow(/redirects too often/);
  });
});
