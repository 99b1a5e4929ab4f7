import type { StockMovement } from '../../../schema/inventory/catalog';
import type { PosOrder, PosShift } from '../../../schema/pos/pos';
import { posShifts } from '../../../schema/pos/pos';
import type { UserData } from '../../data/db';
import { numberBlocks, oneReservationAtATime, OutOfNumbersError } from '../../data/number-blocks';
import { refundMessages } from '../../../schema/pos/pos-refunds';
import { buildRefund, buildSale, buildVoid, defined, refundStock, type Built, type RefundMethod, type SaleInput } from './sale';

const DEVICE_DOC = 'pos-device';

/**
 * This device's id for number blocks and shifts: made once and kept in the user's database on the
 * device (a local document, never replicated).
 */
export async function deviceIdOf(data: UserData): Promise<string> {
  const found = await data.db.getLocal<{ id: string }>(DEVICE_DOC);
  if (found) return found.toJSON().data.id;
  try {
    const made = await data.db.insertLocal<{ id: string }>(DEVICE_DOC, { id: `till-${crypto.randomUUID()}` });
    return made.toJSON().data.id;
  } catch {
    // Another tab made it first.
    const again = await data.db.getLocal<{ id: string }>(DEVICE_DOC);
    if (!again) throw new Error('device id missing');
    return again.toJSON().data.id;
  }
}

export function receiptNumbers(data: UserData, deviceId: string) {
  return numberBlocks({ db: data.db, deviceId });
}

/**
 * Next receipt number, or undefined when this device has none and cannot reserve one now (offline, or
 * the server is away): the sale still completes and is numbered once the device is back online. A
 * device with none that is online reserves its block here, at its sale, so a device that never sells
 * holds no numbers.
 */
export async function drawReceiptNumber(
  data: UserData,
  deviceId: string,
  workspaceId: number,
  blocks: ReturnType<typeof receiptNumbers> = receiptNumbers(data, deviceId),
): Promise<number | undefined> {
  const draw = async () => {
    try {
      return await blocks.draw(workspaceId, 'receipt');
    } catch (err) {
      if (err instanceof OutOfNumbersError) return undefined;
      throw err;
    }
  };
  const drawn = await draw();
  if (drawn !== undefined || (typeof navigator !== 'undefined' && !navigator.onLine)) return drawn;
  try {
    await keepReceiptNumbers(data, workspaceId, blocks, { aboutToSell: true });
  } catch {
    // No signal after all, or the server is away: the sale waits for its number.
    return undefined;
  }
  return draw();
}

/** A device's first receipt block: a few numbers, so a till that sells once holds few it never uses. */
export const FIRST_RECEIPT_BLOCK = 5;
/** Blocks double with use up to this size. */
export const LARGEST_RECEIPT_BLOCK = 50;

/**
 * When a device reserves receipt numbers and how many. `need` is the numbers it must hand out now (the
 * sales waiting for one, and the sale being rung up); `lastSize` the size of its newest block, absent
 * if it never held one. A device that needs none and never held any reserves nothing. Otherwise it
 * keeps half its last block in hand, so it can go on selling without a signal, and reserves before
 * that runs out: each block twice the last, up to the largest, and never less than it needs.
 */
export function receiptReservation(lastSize: number | undefined, need: number): { low: number; size: number } {
  const ahead = lastSize === undefined ? 0 : Math.ceil(lastSize / 2);
  const grown = lastSize === undefined ? FIRST_RECEIPT_BLOCK : Math.min(LARGEST_RECEIPT_BLOCK, lastSize * 2);
  const low = need + ahead;
  return { low, size: Math.max(grown, low) };
}

/**
 * Completes a sale on the device: the order, awaited (a sale is never lost), then its stock movements
 * through `writeStock`, which the till calls once the receipt is on screen. Their ids follow from the
 * order, so `restoreSaleStock` writes any that a page closed in between never wrote, without counting
 * twice. `receiptNumber` may already be drawn (the till draws one when payment starts, so the sale
 * itself waits on one write less). Works offline; replication pushes everything when back online.
 */
export async function completeSale(
  data: UserData,
  input: Omit<SaleInput, 'receiptNumber'>,
  receiptNumber: Promise<number | undefined> = drawReceiptNumber(data, input.deviceId, input.workspaceId),
): Promise<Built<{ order: PosOrder; writeStock: () => Promise<void> }>> {
  const check = buildSale(input);
  if (!check.ok) return check;
  const n = await receiptNumber;
  const built = n === undefined ? check : buildSale({ ...input, receiptNumber: n });
  if (!built.ok) return built;
  const { order, movements } = built.value;
  await data.db.pos_orders.insert(order);
  return { ok: true, value: { order, writeStock: () => writeMovements(data, movements) } };
}

async function writeMovements(data: UserData, movements: StockMovement[]): Promise<void> {
  if (movements.length === 0) return;
  const result = await data.db.stock_movements.bulkInsert(movements.map((m) => defined(m)));
  // A movement already there (written before, or pulled from the server) is what we wanted.
  const failed = result.error.filter((e) => e.status !== 409);
  if (failed.length > 0) throw new Error('The sale is saved, but its stock change could not be recorded');
}

/**
 * Writes the stock movements of this device's recent sales and voids that are missing (the page
 * closed between the order and its movements). Ids are deterministic, so nothing counts twice.
 */
export async function restoreSaleStock(data: UserData, workspaceId: number, deviceId: string, since: string): Promise<number> {
  const orders = await data.db.pos_orders
    .find({ selector: { workspace_id: workspaceId, device_id: deviceId, status: 'completed', completed_at: { $gte: since } } })
    .exec();
  const wanted: StockMovement[] = [];
  for (const doc of orders) {
    const order = doc.toMutableJSON();
    if (order.kind === 'sale') {
      const built = buildSale({
        id: order.id,
        workspaceId,
        items: order.items,
        orderDiscountCents: order.order_discount_cents,
        pricesIncludeVat: order.prices_include_vat,
        tender: { method: 'card' },
        deviceId,
        now: new Date(order.completed_at ?? order.updated_at),
      });
      if (built.ok) wanted.push(...built.value.movements);
    } else if (order.kind === 'void' && order.original_order_id) {
      const original = await data.db.pos_orders.findOne(order.original_order_id).exec();
      const built = original
        ? buildVoid(original.toMutableJSON(), {
            reason: order.reason ?? 'Void',
            deviceId,
            now: new Date(order.completed_at ?? order.updated_at),
          })
        : null;
      if (built?.ok) wanted.push(...built.value.movements);
    } else if (order.kind === 'refund') {
      wanted.push(...refundStock(order));
    }
  }
  if (wanted.length === 0) return 0;
  const present = await data.db.stock_movements.findByIds(wanted.map((m) => m.id)).exec();
  const missing = wanted.filter((m) => !present.has(m.id));
  if (missing.length > 0) await writeMovements(data, missing);
  return missing.length;
}

export async function voidSale(
  data: UserData,
  original: PosOrder,
  opts: { reason: string; deviceId: string; shiftId?: string },
): Promise<Built<PosOrder>> {
  const existing = await data.db.pos_orders
    .find({ selector: { workspace_id: original.workspace_id, original_order_id: original.id } })
    .exec();
  if (existing.some((d) => d.kind === 'void')) return { ok: false, message: 'This sale has already been voided' };
  if (existing.some((d) => d.kind === 'refund')) return { ok: false, message: refundMessages.hasRefunds };
  const built = buildVoid(original, { ...opts, now: new Date() });
  if (!built.ok) return built;
  await data.db.pos_orders.insert(built.value.order);
  await writeMovements(data, built.value.movements);
  return { ok: true, value: built.value.order };
}

/** The voids and refunds this device holds for a sale. */
export async function returnsOf(data: UserData, original: PosOrder): Promise<PosOrder[]> {
  const docs = await data.db.pos_orders.find({ selector: { workspace_id: original.workspace_id, original_order_id: original.id } }).exec();
  return docs.map((d) => d.toMutableJSON());
}

/**
 * Refunds some or all of a sale's lines on the device: the refund record first, then the stock it
 * returns. Checked against the refunds this device knows of; the server checks again on push against
 * every till's, and refuses a refund that would give back more than the sale took.
 */
export async function refundSale(
  data: UserData,
  original: PosOrder,
  opts: { lines: ReadonlyMap<string, number>; reason: string; method: RefundMethod; deviceId: string; shiftId?: string },
): Promise<Built<PosOrder>> {
  const prior = await returnsOf(data, original);
  const built = buildRefund(original, prior, { ...opts, id: crypto.randomUUID(), now: new Date() });
  if (!built.ok) return built;
  await data.db.pos_orders.insert(built.value.order);
  await writeMovements(data, built.value.movements);
  return { ok: true, value: built.value.order };
}

/**
 * Online, from any workspace page (the till and the workspace shell): keeps receipt numbers in hand
 * on a device that sells, and numbers the sales it completed without one, so a till first used with
 * no signal still numbers its sales. `aboutToSell`: a sale is being rung up (or a shift opened) and
 * needs a number too.
 * Queued behind any other reservation on this page, so two callers never reserve two blocks at once.
 * Returns how many sales it numbered.
 */
export function keepReceiptNumbers(
  data: UserData,
  workspaceId: number,
  blocks?: ReturnType<typeof receiptNumbers>,
  opts: { aboutToSell?: boolean } = {},
): Promise<number> {
  return oneReservationAtATime(async () => {
    const deviceId = await deviceIdOf(data);
    return numberWaitingSales(data, workspaceId, deviceId, blocks ?? receiptNumbers(data, deviceId), opts);
  });
}

/**
 * Online: reserves receipt numbers as `receiptReservation` says, then numbers this device's sales
 * that were completed while it had none (the server accepts exactly that one change on a completed
 * sale).
 */
export async function numberWaitingSales(
  data: UserData,
  workspaceId: number,
  deviceId: string,
  blocks: ReturnType<typeof receiptNumbers> = receiptNumbers(data, deviceId),
  opts: { aboutToSell?: boolean } = {},
): Promise<number> {
  const waiting = (
    await data.db.pos_orders
      .find({ selector: { workspace_id: workspaceId, device_id: deviceId, status: 'completed', kind: 'sale' } })
      .exec()
  )
    .filter((d) => d.receipt_number === undefined)
    .sort((a, b) => (a.completed_at ?? '').localeCompare(b.completed_at ?? ''));
  const plan = receiptReservation(await blocks.lastBlockSize(workspaceId, 'receipt'), waiting.length + (opts.aboutToSell ? 1 : 0));
  await blocks.topUp(workspaceId, 'receipt', plan.low, plan.size);
  let numbered = 0;
  for (const doc of waiting) {
    const n = await blocks.draw(workspaceId, 'receipt');
    await doc.incrementalModify((current) => ({ ...current, receipt_number: n, updated_at: new Date().toISOString() }));
    numbered++;
  }
  return numbered;
}

export type ShiftResult = Built<PosShift>;

export async function openShift(
  data: UserData,
  input: { workspaceId: number; deviceId: string; userId?: number; floatCents: number },
): Promise<ShiftResult> {
  const open = await data.db.pos_shifts
    .findOne({ selector: { workspace_id: input.workspaceId, device_id: input.deviceId, status: 'open' } })
    .exec();
  if (open) return { ok: false, message: 'A shift is already open on this device' };
  const at = new Date().toISOString();
  const parsed = posShifts.fields.safeParse(
    defined({
      id: crypto.randomUUID(),
      workspace_id: input.workspaceId,
      updated_at: at,
      status: 'open',
      device_id: input.deviceId,
      opened_by: input.userId,
      opened_at: at,
      opening_float_cents: input.floatCents,
    }),
  );
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'The shift is not valid' };
  const doc = await data.db.pos_shifts.insert(defined(parsed.data));
  return { ok: true, value: doc.toMutableJSON() };
}

export async function closeShift(
  data: UserData,
  shift: PosShift,
  input: { countedCents: number; expectedCents: number; note?: string },
): Promise<ShiftResult> {
  const doc = await data.db.pos_shifts.findOne(shift.id).exec();
  if (!doc || doc.status !== 'open') return { ok: false, message: 'This shift is already closed' };
  const at = new Date().toISOString();
  const saved = await doc.incrementalModify((current) =>
    defined({
      ...current,
      status: 'closed' as const,
      closed_at: at,
      counted_cash_cents: input.countedCents,
      expected_cash_cents: input.expectedCents,
      note: input.note?.trim() || undefined,
      updated_at: at,
    }),
  );
  return { ok: true, value: saved.toMutableJSON() };
}

/**
 * Records "e-mail this receipt" on a completed sale. It syncs like any change (offline too) and the
 * server mails it once; a new request (a new id) is a new mail.
 */
export async function requestReceiptEmail(data: UserData, orderId: string, to: string): Promise<void> {
  const doc = await data.db.pos_orders.findOne(orderId).exec();
  if (!doc) throw new Error('This sale is no longer on this device');
  const at = new Date().toISOString();
  await doc.incrementalModify((current) => ({ ...current, receipt_email: { id: crypto.randomUUID(), to, at }, updated_at: at }));
}
