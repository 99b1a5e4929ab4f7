import { useMemo } from 'react';
import { map } from 'rxjs';
import { formatCents } from '../../../schema/kit/money';
import type { PaymentMethod } from '../../../schema/pos/pos';
import type { UserData } from '../../data/db';
import { useLiveQuery } from '../../data/use-live-query';
import { useWorkspaceDates } from '../../kit/date-format';
import { EmptyState, Notice } from '../../ui/feedback';
import * as w from '../../ui/page.css';
import { Spinner } from '../../ui/spinner';
import { useOnHand, useProducts } from '../inventory';
import { owedInvoices } from '../invoices';
import { useDeviceId } from '../pos';
import { ChartSlot } from './chart-slot';
import { StandingSections } from './standing-sections';
import { invoiceAgeing } from './invoice-ageing';
import { salesByProduct, stockValuation, type ProductLine } from './product-figures';
import { amount } from './report-csv';
import { ReportSection, type Column, type Row } from './report-table';
import { type DayRange, type Grain } from './report-range';
import {
  byPaymentMethod,
  byStaffAndTill,
  ordersIn,
  refundsAndVoids,
  salesByPeriod,
  takings,
  type PeriodLine,
  type StaffTillLine,
  type TakenBackLine,
} from './sales-figures';
import * as s from './reports.css';

export interface Names {
  staff: (id: number | null) => string;
}

const methodLabels: Record<PaymentMethod, string> = { cash: 'Cash', card: 'Card', eft: 'EFT', other: 'Other' };
const monthNames = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The figures, from the device database: live, so a sale rung up in another tab shows at once. */
export function ReportsBody({
  data,
  workspaceId,
  range,
  zone,
  grain,
  currency,
  canSeeCost,
  names,
  now,
}: {
  data: UserData;
  workspaceId: number;
  range: DayRange;
  zone: string | undefined;
  grain: Grain;
  currency: string;
  canSeeCost: boolean;
  names: Names;
  now: Date;
}) {
  const dates = useWorkspaceDates();
  const orders = useLiveQuery(
    () => data.db.pos_orders.find({ selector: { workspace_id: workspaceId } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()))),
    [data, workspaceId],
  );
  const shifts = useLiveQuery(
    () => data.db.pos_shifts.find({ selector: { workspace_id: workspaceId } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()))),
    [data, workspaceId],
  );
  const invoices = useLiveQuery(
    () => data.db.invoices.find({ selector: { workspace_id: workspaceId } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()))),
    [data, workspaceId],
  );
  const products = useProducts(data, workspaceId);
  const onHand = useOnHand(data, workspaceId);
  const deviceId = useDeviceId(data);

  const money = (cents: number) => formatCents(cents, currency);
  // Money given back, written as the Z-report writes it: "−R 120.00", and plain "R 0.00" for none.
  const back = (cents: number) => (cents === 0 ? money(0) : `−${money(cents)}`);
  const failed = orders.error ?? shifts.error ?? invoices.error;
  const ready = orders.data && shifts.data && invoices.data && products;

  const figures = useMemo(() => {
    if (!orders.data || !shifts.data || !invoices.data || !products) return null;
    const inRange = ordersIn(orders.data, range, zone);
    return {
      total: takings(inRange),
      periods: salesByPeriod(orders.data, range, zone, grain),
      methods: byPaymentMethod(inRange),
      staff: byStaffAndTill(inRange, shifts.data),
      takenBack: refundsAndVoids(inRange, orders.data),
      products: salesByProduct(inRange, products),
      stock: stockValuation(products, onHand),
      ageing: invoiceAgeing(owedInvoices(invoices.data), dates.today(now)),
    };
  }, [orders.data, shifts.data, invoices.data, products, onHand, range, zone, grain, dates, now]);

  if (failed) {
    return (
      <Notice tone="error" title="The reports could not be read from this device">
        <p className={w.muted}>{failed}</p>
      </Notice>
    );
  }
  if (!ready || !figures) return <Spinner label="Adding up the figures" />;

  const { total } = figures;
  const periodLabel = (p: string) =>
    grain === 'day' ? dates.date(p) : grain === 'week' ? `Week of ${dates.date(p)}` : monthNames.format(Date.parse(`${p}-01T00:00:00Z`));
  const tillName = (id: string | null) =>
    id === null
      ? 'Unknown till'
      : id === deviceId
        ? 'This device'
        : `Till ${id
            .replace(/^till-/, '')
            .slice(0, 4)
            .toUpperCase()}`;
  const file = (name: string) => `${name}-${range.from}-to-${range.to}.csv`;
  const chartMoney = (rand: number) => formatCents(Math.round(rand) * 100, currency).replace(/\.00$/, '');
  const noSales = total.sales_count + total.refunds_count + total.voids_count === 0;

  const takingsColumns = <R extends PeriodLine | StaffTillLine>(): Column<R>[] => [
    { head: 'Sales', show: (r) => `${r.sales_count} · ${money(r.sales_cents)}`, csv: (r) => amount(r.sales_cents), numeric: true },
    { head: 'Refunds', show: (r) => back(r.refunds_cents), csv: (r) => amount(-r.refunds_cents), numeric: true },
    { head: 'Voids', show: (r) => back(r.voids_cents), csv: (r) => amount(-r.voids_cents), numeric: true },
    { head: 'Net takings', show: (r) => money(r.net_cents), csv: (r) => amount(r.net_cents), numeric: true },
    { head: 'VAT in net', show: (r) => money(r.tax_cents), csv: (r) => amount(r.tax_cents), numeric: true },
  ];

  const periodRows: Row<PeriodLine>[] = figures.periods.map((p) => ({ key: p.period, row: p }));
  const productColumns: Column<ProductLine>[] = [
    { head: 'Product', show: (r) => r.name, csv: (r) => r.name },
    { head: 'Variant', show: (r) => r.option ?? '', csv: (r) => r.option ?? '' },
    { head: 'Sold', show: (r) => String(r.quantity), csv: (r) => r.quantity, numeric: true },
    { head: 'Sales', show: (r) => money(r.sales_cents), csv: (r) => amount(r.sales_cents), numeric: true },
    ...(canSeeCost
      ? [
          {
            head: 'Sales without VAT',
            show: (r: ProductLine) => money(r.ex_vat_cents),
            csv: (r: ProductLine) => amount(r.ex_vat_cents),
            numeric: true,
          },
          {
            head: 'Cost',
            show: (r: ProductLine) => (r.cost_cents === null ? 'No cost' : money(r.cost_cents)),
            csv: (r: ProductLine) => (r.cost_cents === null ? null : amount(r.cost_cents)),
            numeric: true,
          },
          {
            head: 'Margin',
            show: (r: ProductLine) => (r.margin_cents === null ? '—' : money(r.margin_cents)),
            csv: (r: ProductLine) => (r.margin_cents === null ? null : amount(r.margin_cents)),
            numeric: true,
          },
        ]
      : []),
  ];
  const productRows: Row<ProductLine>[] = figures.products.flatMap((g) => [
    { key: g.product_id, row: g, level: 'main' as const },
    ...g.variants.map((v) => ({ key: `${g.product_id}/${v.product_id}`, row: v, level: 'sub' as const })),
  ]);

  return (
    <div className={w.stack}>
      <dl className={s.figures} aria-label="Takings in this period">
        <Figure label="Net takings" value={money(total.net_cents)} testId="report-net" />
        <Figure
          label={total.sales_count === 1 ? '1 sale' : `${total.sales_count} sales`}
          value={money(total.sales_cents)}
          testId="report-sales"
        />
        <Figure label={`Refunds (${total.refunds_count})`} value={back(total.refunds_cents)} testId="report-refunds" />
        <Figure label={`Voids (${total.voids_count})`} value={back(total.voids_cents)} testId="report-voids" />
      </dl>

      {noSales ? (
        <EmptyState title="No sales in this period">
          <p className={w.muted}>Sales rung up at the till in these days show here, with or without a signal.</p>
        </EmptyState>
      ) : (
        <>
          <ReportSection
            id="periods"
            title={`Sales by ${grain}`}
            columns={[
              {
                head: grain === 'day' ? 'Day' : grain === 'week' ? 'Week' : 'Month',
                show: (r: PeriodLine) => periodLabel(r.period),
                csv: (r: PeriodLine) => r.period,
              },
              ...takingsColumns<PeriodLine>(),
            ]}
            rows={periodRows}
            fileName={file(`sales-by-${grain}`)}
            empty="No sales in this period"
            before={
              <ChartSlot
                label={`Net takings by ${grain}: ${figures.periods.map((p) => `${periodLabel(p.period)} ${money(p.net_cents)}`).join(', ')}`}
                labels={figures.periods.map((p) => periodLabel(p.period))}
                values={figures.periods.map((p) => p.net_cents / 100)}
                format={chartMoney}
              />
            }
          />
          <ReportSection
            id="methods"
            title="By payment method"
            columns={[
              { head: 'Method', show: (r) => methodLabels[r.method], csv: (r) => methodLabels[r.method] },
              { head: 'Sales', show: (r) => money(r.sales_cents), csv: (r) => amount(r.sales_cents), numeric: true },
              { head: 'Refunds', show: (r) => back(r.refunds_cents), csv: (r) => amount(-r.refunds_cents), numeric: true },
              { head: 'Voids', show: (r) => back(r.voids_cents), csv: (r) => amount(-r.voids_cents), numeric: true },
              { head: 'Net', show: (r) => money(r.net_cents), csv: (r) => amount(r.net_cents), numeric: true },
            ]}
            rows={figures.methods.map((m) => ({ key: m.method, row: m }))}
            fileName={file('sales-by-payment-method')}
            empty="No payments in this period"
            before={
              <ChartSlot
                label={`Net by payment method: ${figures.methods.map((m) => `${methodLabels[m.method]} ${money(m.net_cents)}`).join(', ')}`}
                labels={figures.methods.map((m) => methodLabels[m.method])}
                values={figures.methods.map((m) => m.net_cents / 100)}
                format={chartMoney}
              />
            }
          />
          <ReportSection
            id="products"
            title="By product and variant"
            note={
              canSeeCost
                ? 'Net of refunds and voids. Margin is the sales without VAT less the cost (a variant without its own cost takes its product’s), at today’s cost.'
                : 'Net of refunds and voids. Owners and admins also see cost and margin.'
            }
            columns={productColumns}
            rows={productRows}
            fileName={file('sales-by-product')}
            empty="No products sold in this period"
          />
          <ReportSection
            id="staff"
            title="By staff member and till"
            note="The staff member is whoever opened the till's shift."
            columns={[
              {
                head: 'Staff member',
                show: (r: StaffTillLine) => names.staff(r.staff_id),
                csv: (r: StaffTillLine) => names.staff(r.staff_id),
              },
              { head: 'Till', show: (r: StaffTillLine) => tillName(r.device_id), csv: (r: StaffTillLine) => tillName(r.device_id) },
              ...takingsColumns<StaffTillLine>(),
            ]}
            rows={figures.staff.map((l) => ({ key: `${l.staff_id ?? ''}|${l.device_id ?? ''}`, row: l }))}
            fileName={file('sales-by-staff-and-till')}
            empty="No sales in this period"
          />
          <ReportSection
            id="refunds-voids"
            title="Refunds and voids"
            columns={[
              { head: 'When', show: (r: TakenBackLine) => dates.dateTime(r.completed_at), csv: (r: TakenBackLine) => r.completed_at },
              { head: 'What', show: (r: TakenBackLine) => (r.kind === 'refund' ? 'Refund' : 'Void'), csv: (r: TakenBackLine) => r.kind },
              { head: 'Of', show: (r: TakenBackLine) => r.of, csv: (r: TakenBackLine) => r.of },
              { head: 'Reason', show: (r: TakenBackLine) => r.reason, csv: (r: TakenBackLine) => r.reason },
              {
                head: 'Amount',
                show: (r: TakenBackLine) => back(r.amount_cents),
                csv: (r: TakenBackLine) => amount(-r.amount_cents),
                numeric: true,
              },
            ]}
            rows={figures.takenBack.map((r) => ({ key: r.id, row: r }))}
            fileName={file('refunds-and-voids')}
            empty="No refunds or voids in this period"
          />
        </>
      )}

      <StandingSections stock={figures.stock} ageing={figures.ageing} canSeeCost={canSeeCost} money={money} />
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={s.figure}>
      <dt className={s.figureLabel}>{label}</dt>
      <dd className={s.figureValue} data-testid={testId} style={{ margin: 0 }}>
        {value}
      </dd>
    </div>
  );
}
