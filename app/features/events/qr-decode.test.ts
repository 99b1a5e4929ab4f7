import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { generateEventKeys, signTicket, verifyTicketCode } from '../../../schema/events/ticket-code';
import { cameraFrame } from '../../../tests/support/qr-frames';
import { openQrDecoder } from './qr-decode';

/** The reader's WebAssembly as the package ships it (the browser fetches the same file from our origin). */
async function wasmBytes(): Promise<ArrayBuffer> {
  const path = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  const bytes = await readFile(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

async function signedTicket() {
  const keys = await generateEventKeys();
  const eventId = randomUUID();
  const code = await signTicket(keys.privateKey, { ticketId: randomUUID(), ticketTypeId: randomUUID(), eventId });
  return { code, keys, eventId };
}

describe('the door camera reads ticket QR codes where the browser cannot (zxing-wasm)', () => {
  it('reads a signed ticket from a camera frame, and the code it reads verifies', async () => {
    const decode = await openQrDecoder({ binary: await wasmBytes() });
    const { code, keys, eventId } = await signedTicket();
    const frame = await cameraFrame(code, { left: 37, top: 81, size: 300 });
    const read = await decode({ ...frame, colorSpace: 'srgb' });
    expect(read).toBe(code);
    expect((await verifyTicketCode(read ?? '', keys.publicKey, eventId)).ok).toBe(true);
  });

  it('reads a code small in the frame, as a ticket held at arm’s length', async () => {
    const decode = await openQrDecoder({ binary: await wasmBytes() });
    const { code } = await signedTicket();
    const frame = await cameraFrame(code, { size: 180, left: 400, top: 260 });
    expect(await decode({ ...frame, colorSpace: 'srgb' })).toBe(code);
  });

  it('a frame with no code reads as nothing', async () => {
    const decode = await openQrDecoder({ binary: await wasmBytes() });
    const frame = await cameraFrame(null);
    expect(await decode({ ...frame, colorSpace: 'srgb' })).toBeNull();
  });

  it('a reader that cannot be fetched fails; a later try at the same address fetches it again', async () => {
    // The address the browser uses, served like our assets; at first every answer is a failure (as
    // when the door is offline), so only a fresh fetch afterwards can succeed.
    const wasm = Buffer.from(await wasmBytes());
    let reachable = false;
    let served = 0;
    const server = createServer((_req, res) => {
      if (!reachable) {
        res.writeHead(503).end();
        return;
      }
      served += 1;
      res.writeHead(200, { 'Content-Type': 'application/wasm' }).end(wasm);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const address = server.address();
      if (!address || typeof address === 'string') throw new Error('the server has no port');
      const url = `http://127.0.0.1:${address.port}/assets/zxing_reader-test.wasm`;
      await expect(openQrDecoder({ url })).rejects.toThrow();
      reachable = true;
      const decode = await openQrDecoder({ url });
      const { code } = await signedTicket();
      expect(await decode({ ...(await cameraFrame(code)), colorSpace: 'srgb' })).toBe(code);
      expect(served).toBeGreaterThan(0);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
