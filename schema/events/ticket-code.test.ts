import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, generateEventKeys, readTicketCode, signTicket, toBase64Url, verifyTicketCode } from './ticket-code.js';

const claims = () => ({ ticketId: randomUUID(), ticketTypeId: randomUUID(), eventId: randomUUID() });

describe('signed tickets (DESIGN.md §15)', () => {
  it('a ticket signed with the event key verifies with its public key alone', async () => {
    const keys = await generateEventKeys();
    const c = claims();
    const code = await signTicket(keys.privateKey, c);
    expect(code.length).toBeLessThan(200);
    expect(await verifyTicketCode(code, keys.publicKey, c.eventId)).toEqual({ ok: true, claims: c });
  });

  it('two tickets for the same seat differ by their random part', async () => {
    const keys = await generateEventKeys();
    const c = claims();
    expect(await signTicket(keys.privateKey, c)).not.toBe(await signTicket(keys.privateKey, c));
  });

  it('an altered byte anywhere makes the code forged', async () => {
    const keys = await generateEventKeys();
    const c = claims();
    const code = await signTicket(keys.privateKey, c);
    const bytes = fromBase64Url(code.slice(4));
    if (!bytes) throw new Error('unreadable');
    for (const at of [0, 5, 40, 52, 60, 120]) {
      const changed = bytes.slice();
      changed[at] = (changed[at] ?? 0) ^ 0x01;
      const result = await verifyTicketCode(`VK1.${toBase64Url(changed)}`, keys.publicKey, c.eventId);
      expect(result.ok).toBe(false);
    }
  });

  it('a ticket signed with another key is forged; a ticket for another event says so', async () => {
    const mine = await generateEventKeys();
    const theirs = await generateEventKeys();
    const c = claims();
    const forged = await signTicket(theirs.privateKey, c);
    expect(await verifyTicketCode(forged, mine.publicKey, c.eventId)).toEqual({ ok: false, reason: 'forged' });
    const other = await signTicket(theirs.privateKey, { ...c, eventId: randomUUID() });
    expect(await verifyTicketCode(other, mine.publicKey, c.eventId)).toEqual({ ok: false, reason: 'other_event' });
  });

  it('text that is not a ticket code is refused, not thrown', async () => {
    const keys = await generateEventKeys();
    for (const junk of ['', 'hello', 'VK1.', 'VK1.%%%', `VK1.${'A'.repeat(164)}`]) {
      expect(await verifyTicketCode(junk, keys.publicKey, randomUUID())).toEqual({ ok: false, reason: 'forged' });
    }
    expect(readTicketCode('VK2.abc')).toBeNull();
  });
});
