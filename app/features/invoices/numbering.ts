import { brand } from '../../../schema/brand';
import { formatDocumentNumber } from '../../../schema/invoices/invoices';
import type { UserData } from '../../data/db';
import { numberBlocks, oneReservationAtATime, OutOfNumbersError } from '../../data/number-blocks';

export type DocumentKind = 'invoice' | 'quote';
/** The series a device numbers documents from: invoices, quotes and credit notes. */
export type NumberedKind = DocumentKind | 'credit_note';

/**
 * Invoices and quotes come a few a day, so a device holds a small block of each: a shop's numbers
 * then run on with few gaps when several devices issue them.
 */
const DOCUMENT_BLOCK = 10;
const DOCUMENT_LOW = 3;

const DEVICE_KEY = `${brand.storagePrefix}-device-id`;
const AWAITING_DOC = 'documents-awaiting-number';

interface Awaiting {
  items: { kind: DocumentKind; id: string; workspace_id: number }[];
}

/** This browser's id for number blocks (kept across sessions; it only labels the reserved ranges). */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

function blocksOf(data: UserData) {
  return numberBlocks({ db: data.db, deviceId: deviceId() });
}

/**
 * The next number for a new document from this device's reserved blocks. Local only, so saving
 * never waits on a network that may be slow or absent; null means none are left, and the caller
 * saves the draft and remembers it for `topUpAndAssign`.
 */
export async function drawNumber(data: UserData, workspaceId: number, kind: NumberedKind): Promise<string | null> {
  try {
    return formatDocumentNumber(kind, await blocksOf(data).draw(workspaceId, kind));
  } catch (err) {
    if (err instanceof OutOfNumbersError) return null;
    throw err;
  }
}

/** How many numbers this device still holds for the workspace. */
export function numbersLeft(data: UserData, workspaceId: number, kind: NumberedKind): Promise<number> {
  return blocksOf(data).remaining(workspaceId, kind);
}

async function awaitingDoc(data: UserData) {
  const found = await data.db.getLocal<Awaiting>(AWAITING_DOC);
  if (found) return found;
  try {
    return await data.db.insertLocal<Awaiting>(AWAITING_DOC, { items: [] });
  } catch {
    const again = await data.db.getLocal<Awaiting>(AWAITING_DOC);
    if (!again) throw new Error('awaiting-number list missing');
    return again;
  }
}

/** Remembers a document saved without a number, so this device numbers it once it can. */
export async function rememberUnnumbered(data: UserData, kind: DocumentKind, id: string, workspaceId: number): Promise<void> {
  await (
    await awaitingDoc(data)
  ).incrementalModify((d) => ({
    items: [...(d.items ?? []).filter((i) => i.id !== id), { kind, id, workspace_id: workspaceId }],
  }));
}

/**
 * Online: keeps numbers in hand for the workspace, then numbers this device's documents that were
 * saved without one (offline, out of numbers). Only the device that wrote a document numbers it, so
 * two devices never race to number the same draft. Safe to call often; failures wait for next time.
 */
export function topUpAndAssign(data: UserData, workspaceId: number): Promise<void> {
  return oneReservationAtATime(() => topUpThenAssign(data, workspaceId));
}

async function topUpThenAssign(data: UserData, workspaceId: number): Promise<void> {
  if (!navigator.onLine) return;
  const blocks = blocksOf(data);
  // Credit notes only once the workspace has sent an invoice on this device: no block is taken before it can be needed.
  const creditable = await data.db.invoices.findOne({ selector: { workspace_id: workspaceId, status: { $ne: 'draft' } } }).exec();
  for (const kind of creditable ? (['invoice', 'quote', 'credit_note'] as const) : (['invoice', 'quote'] as const)) {
    try {
      await blocks.topUp(workspaceId, kind, DOCUMENT_LOW, DOCUMENT_BLOCK);
    } catch {
      // Offline after all, or the server is down: the next call tries again.
    }
  }
  const list = await awaitingDoc(data);
  const waiting = (list.toMutableJSON().data.items ?? []).filter((i) => i.workspace_id === workspaceId);
  for (const item of waiting) {
    const numbered = await numberOne(data, item.kind, item.id, workspaceId);
    if (numbered) {
      await (await awaitingDoc(data)).incrementalModify((d) => ({ items: (d.items ?? []).filter((i) => i.id !== item.id) }));
    }
  }
}

/** Gives one stored document a number if it has none. Returns whether it is numbered (or gone). */
async function numberOne(data: UserData, kind: DocumentKind, id: string, workspaceId: number): Promise<boolean> {
  const doc = kind === 'invoice' ? await data.db.invoices.findOne(id).exec() : await data.db.quotes.findOne(id).exec();
  if (!doc) return true;
  const current = kind === 'invoice' ? doc.get('invoice_number') : doc.get('quote_number');
  if (typeof current === 'string') return true;
  const number = await drawNumber(data, workspaceId, kind);
  if (number === null) return false;
  const updated_at = new Date().toISOString();
  if (kind === 'invoice') {
    const inv = await data.db.invoices.findOne(id).exec();
    await inv?.incrementalModify((d) => (d.invoice_number ? d : { ...d, invoice_number: number, updated_at }));
  } else {
    const q = await data.db.quotes.findOne(id).exec();
    await q?.incrementalModify((d) => (d.quote_number ? d : { ...d, quote_number: number, updated_at }));
  }
  return true;
}
