import { formatCents } from '../../../schema/kit/money';
import { useWorkspaceDates } from '../../kit/date-format';
import { ageBandLabels, ageBands, type AgeingTotals, type invoiceAgeing, type OwedLine } from './invoice-ageing';
import type { StockLine, stockValuation } from './product-figures';
import { amount } from './report-csv';
import { ReportSection, type Column } from './report-table';

/**
 * What stands now whatever the period: stock at cost (owners and admins only: cost is theirs to see)
 * and what invoices still owe, by age.
 */
export function StandingSections({
  stock,
  ageing,
  canSeeCost,
  money,
}: {
  stock: ReturnType<typeof stockValuation>;
  ageing: ReturnType<typeof invoiceAgeing>;
  canSeeCost: boolean;
  money: (cents: number) => string;
}) {
  const dates = useWorkspaceDates();
  return (
    <>
      {canSeeCost ? (
        <ReportSection
          id="stock"
          title="Stock valuation at cost"
          note={`Now, not for the period: ${stock.units} units worth ${money(stock.total_cents)} at cost${
            stock.without_cost > 0
              ? `, leaving out ${stock.without_cost} ${stock.without_cost === 1 ? 'product' : 'products'} with no cost`
              : ''
          }.`}
          columns={[
            { head: 'Product', show: (r: StockLine) => r.name, csv: (r: StockLine) => r.name },
            { head: 'On hand', show: (r: StockLine) => String(r.on_hand), csv: (r: StockLine) => r.on_hand, numeric: true },
            {
              head: 'Unit cost',
              show: (r: StockLine) => (r.unit_cost_cents === null ? 'No cost' : money(r.unit_cost_cents)),
              csv: (r: StockLine) => (r.unit_cost_cents === null ? null : amount(r.unit_cost_cents)),
              numeric: true,
            },
            {
              head: 'Value',
              show: (r: StockLine) => (r.value_cents === null ? '—' : money(r.value_cents)),
              csv: (r: StockLine) => (r.value_cents === null ? null : amount(r.value_cents)),
              numeric: true,
            },
          ]}
          rows={stock.lines.map((l) => ({ key: l.product_id, row: l }))}
          fileName="stock-valuation.csv"
          empty="No stock on hand."
        />
      ) : null}

      <ReportSection
        id="ageing"
        title="Outstanding invoices by age"
        note="Now, not for the period: what each invoice still has due after credit notes and payments, by days since it was issued."
        columns={[
          { head: 'Currency', show: (r: AgeingTotals) => r.currency, csv: (r: AgeingTotals) => r.currency },
          ...ageBands.map((b): Column<AgeingTotals> => ({
            head: ageBandLabels[b],
            show: (r) => formatCents(r.bands[b], r.currency),
            csv: (r) => amount(r.bands[b]),
            numeric: true,
          })),
          {
            head: 'Total',
            show: (r: AgeingTotals) => formatCents(r.total_cents, r.currency),
            csv: (r: AgeingTotals) => amount(r.total_cents),
            numeric: true,
          },
        ]}
        rows={ageing.totals.map((t) => ({ key: t.currency, row: t }))}
        fileName="outstanding-invoices-by-age.csv"
        empty="No invoices waiting to be paid."
      />
      {ageing.lines.length > 0 ? (
        <ReportSection
          id="owed"
          title="Invoices waiting to be paid"
          columns={[
            { head: 'Invoice', show: (r: OwedLine) => r.number, csv: (r: OwedLine) => r.number },
            { head: 'Customer', show: (r: OwedLine) => r.customer, csv: (r: OwedLine) => r.customer },
            { head: 'Issued', show: (r: OwedLine) => dates.date(r.issue_date), csv: (r: OwedLine) => r.issue_date },
            { head: 'Due', show: (r: OwedLine) => dates.date(r.due_date), csv: (r: OwedLine) => r.due_date ?? '' },
            {
              head: 'Age',
              show: (r: OwedLine) => `${r.age_days} ${r.age_days === 1 ? 'day' : 'days'}`,
              csv: (r: OwedLine) => r.age_days,
              numeric: true,
            },
            {
              head: 'Still due',
              show: (r: OwedLine) => formatCents(r.due_cents, r.currency),
              csv: (r: OwedLine) => amount(r.due_cents),
              numeric: true,
            },
          ]}
          rows={ageing.lines.map((l) => ({ key: l.id, row: l }))}
          fileName="invoices-waiting.csv"
          empty="No invoices waiting to be paid."
        />
      ) : null}
    </>
  );
}
