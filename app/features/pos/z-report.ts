import { orderFigures, type PaymentMethod, type PosOrder, type PosShift } from '../../../schema/pos/pos';
import { expectedCash, type CashUp } from './sale';

export interface MethodLine {
  method: PaymentMethod;
  sales_cents: number;
  refunds_cents: number;
  voids_cents: number;
  /** Sales less refunds and voids: what this method took in the shift. */
  net_cents: number;
}

export interface ZReport {
  sales: { count: number; total_cents: number; tax_cents: number };
  refunds: { count: number; total_cents: number; tax_cents: number };
  voids: { count: number; total_cents: number; tax_cents: number };
  net_cents: number;
  /** VAT in the sales less the VAT of what was refunded and voided: the VAT the shift's takings hold. */
  net_tax_cents: number;
  methods: MethodLine[];
  cash: CashUp;
  counted_cents?: number;
  /** Counted less expected: positive over, negative short. */
  difference_cents?: number;
}

const order: readonly PaymentMethod[] = ['cash', 'card', 'eft', 'other'];

/**
 * The shift's Z-report: sales, refunds and voids, each by payment method, and the cash the drawer
 * should hold against what was counted. Built from the shift's records on the device, so it is the
 * same offline; every figure is a sum of the records' own cents.
 */
export function zReport(shift: Pick<PosShift, 'opening_float_cents' | 'counted_cash_cents'>, orders: readonly PosOrder[]): ZReport {
  const done = orders.filter((o) => o.status === 'completed');
  const lines = new Map<PaymentMethod, MethodLine>();
  const lineOf = (method: PaymentMethod) => {
    let line = lines.get(method);
    if (!line) {
      line = { method, sales_cents: 0, refunds_cents: 0, voids_cents: 0, net_cents: 0 };
      lines.set(method, line);
    }
    return line;
  };
  const tally = {
    sale: { count: 0, total_cents: 0, tax_cents: 0 },
    refund: { count: 0, total_cents: 0, tax_cents: 0 },
    void: { count: 0, total_cents: 0, tax_cents: 0 },
  };
  for (const o of done) {
    const t = tally[o.kind];
    t.count += 1;
    for (const p of o.payments) {
      t.total_cents += p.amount_cents;
      const line = lineOf(p.method);
      if (o.kind === 'sale') line.sales_cents += p.amount_cents;
      else if (o.kind === 'refund') line.refunds_cents += p.amount_cents;
      else line.voids_cents += p.amount_cents;
    }
    // From the lines, as the receipt shows them, so a record whose server figures are not back yet counts the same.
    t.tax_cents += orderFigures(o).tax_cents;
  }
  for (const line of lines.values()) line.net_cents = line.sales_cents - line.refunds_cents - line.voids_cents;
  const cash = expectedCash(shift.opening_float_cents, done);
  const counted = shift.counted_cash_cents;
  return {
    sales: tally.sale,
    refunds: tally.refund,
    voids: tally.void,
    net_cents: tally.sale.total_cents - tally.refund.total_cents - tally.void.total_cents,
    net_tax_cents: tally.sale.tax_cents - tally.refund.tax_cents - tally.void.tax_cents,
    methods: order.flatMap((m) => {
      const line = lines.get(m);
      return line ? [line] : [];
    }),
    cash,
    ...(counted !== undefined ? { counted_cents: counted, difference_cents: counted - cash.expected_cents } : {}),
  };
}
