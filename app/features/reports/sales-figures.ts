import type { PosOrder, PosShift } from '../../../schema/pos/pos';
import { receiptLabel, salesSummary, zReport, type MethodLine } from '../pos';
import { dayOf, periodOf, periodsIn, type DayRange, type Grain } from './report-range';

/**
 * The till's figures for a set of completed records, counted as the Z-report counts a shift: sales,
 * refunds and voids by what changed hands, net of what was given back, and the VAT the net holds.
 * `kept_count` is the dashboard's count: sales that were not voided.
 */
export interface Takings {
  sales_count: number;
  kept_count: number;
  sales_cents: number;
  refunds_count: number;
  refunds_cents: number;
  voids_count: number;
  voids_cents: number;
  net_cents: number;
  tax_cents: number;
}

export function takings(orders: readonly PosOrder[]): Takings {
  const z = zReport({ opening_float_cents: 0 }, orders);
  return {
    sales_count: z.sales.count,
    kept_count: salesSummary(orders).count,
    sales_cents: z.sales.total_cents,
    refunds_count: z.refunds.count,
    refunds_cents: z.refunds.total_cents,
    voids_count: z.voids.count,
    voids_cents: z.voids.total_cents,
    net_cents: z.net_cents,
    tax_cents: z.net_tax_cents,
  };
}

/** The completed records whose completion falls on the range's days in the workspace's zone. */
export function ordersIn(orders: readonly PosOrder[], range: DayRange, zone: string | undefined): PosOrder[] {
  return orders.filter((o) => {
    if (o.status !== 'completed' || !o.completed_at) return false;
    const day = dayOf(o.completed_at, zone);
    return day >= range.from && day <= range.to;
  });
}

/** One period's takings: `period` is the day, the week's Monday or the month (YYYY-MM). */
export type PeriodLine = Takings & { period: string };

/** Takings per day, week or month over the range, every period listed (nothing sold shows as 0). */
export function salesByPeriod(orders: readonly PosOrder[], range: DayRange, zone: string | undefined, grain: Grain): PeriodLine[] {
  const groups = new Map<string, PosOrder[]>(periodsIn(range, grain).map((p) => [p, []]));
  for (const o of ordersIn(orders, range, zone)) {
    // ordersIn gave only records with a completion time.
    groups.get(periodOf(dayOf(o.completed_at ?? '', zone), grain))?.push(o);
  }
  return [...groups].map(([period, list]) => ({ period, ...takings(list) }));
}

/** Sales, refunds, voids and net per payment method: the Z-report's lines over the range. */
export function byPaymentMethod(orders: readonly PosOrder[]): MethodLine[] {
  return zReport({ opening_float_cents: 0 }, orders).methods;
}

/** Who rang the records up (the person who opened the shift) on which till (device). */
export type StaffTillLine = Takings & { staff_id: number | null; device_id: string | null };

export function byStaffAndTill(
  orders: readonly PosOrder[],
  shifts: readonly Pick<PosShift, 'id' | 'opened_by' | 'device_id'>[],
): StaffTillLine[] {
  const shiftById = new Map(shifts.map((s) => [s.id, s]));
  const groups = new Map<string, { staff_id: number | null; device_id: string | null; orders: PosOrder[] }>();
  for (const o of orders) {
    const shift = o.shift_id ? shiftById.get(o.shift_id) : undefined;
    const staff = shift?.opened_by ?? null;
    const device = o.device_id ?? shift?.device_id ?? null;
    const key = `${staff ?? ''}|${device ?? ''}`;
    const group = groups.get(key) ?? { staff_id: staff, device_id: device, orders: [] };
    group.orders.push(o);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((g) => ({ staff_id: g.staff_id, device_id: g.device_id, ...takings(g.orders) }))
    .sort((a, b) => b.net_cents - a.net_cents);
}

/** One refund or void: when, of which sale, why, and the money given back. */
export interface TakenBackLine {
  id: string;
  kind: 'refund' | 'void';
  completed_at: string;
  /** The sale it undoes, as the till names it ("Receipt 4"). */
  of: string;
  reason: string;
  amount_cents: number;
}

/**
 * The refunds and voids among `orders`, newest first. `all` is every record on the device, for
 * naming a sale made before the range.
 */
export function refundsAndVoids(orders: readonly PosOrder[], all: readonly PosOrder[]): TakenBackLine[] {
  const byId = new Map(all.map((o) => [o.id, o]));
  const out: TakenBackLine[] = [];
  for (const o of orders) {
    if (o.status !== 'completed' || o.kind === 'sale') continue;
    const original = o.original_order_id ? byId.get(o.original_order_id) : undefined;
    out.push({
      id: o.id,
      kind: o.kind,
      completed_at: o.completed_at ?? '',
      // A void carries its sale's reference; a refund of a sale no longer on the device can only say so.
      of: original ? receiptLabel(original) : o.kind === 'void' ? receiptLabel({ order_number: o.order_number }) : 'An earlier sale',
      reason: o.reason ?? '',
      amount_cents: o.payments.reduce((a, p) => a + p.amount_cents, 0),
    });
  }
  return out.sort((a, b) => b.completed_at.localeCompare(a.completed_at));
}
