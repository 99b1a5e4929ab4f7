import type { Queryable } from '../../db/db.js';
import { recordBlock, takeRange } from './number-blocks.repo.js';

/** What other areas may use of number blocks (DESIGN.md §12). */

/** The device id under which the server's own numbers are recorded, so the numbering report shows them. */
export const SERVER_DEVICE = 'server';

/**
 * One number of a series for a document the server writes itself (a quote the customer accepted
 * becomes an invoice): the series moves on by one, recorded as a one-number block of the server, so
 * it never collides with a device's block. Call inside the transaction that writes the document.
 */
export async function takeServerNumber(tx: Queryable, workspaceId: number, series: 'invoice' | 'quote', why: string): Promise<number> {
  const start = await takeRange(tx, workspaceId, series, 1);
  await recordBlock(tx, { workspaceId, deviceId: SERVER_DEVICE, series, start, end: start, userId: null, requestId: why });
  return start;
}
