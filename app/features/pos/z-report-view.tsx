import { useRef } from 'react';
import type { PosOrder, PosShift } from '../../../schema/pos/pos';
import { formatCents } from '../../../schema/kit/money';
import { Button } from '../../ui/button';
import * as s from '../../ui/page.css';
import { useWorkspaceDates } from '../../kit/date-format';
import * as p from './pos.css';
import './receipt-print.css';
import { printReceipt } from './receipt-share';
import { zReport } from './z-report';

const methodLabels = { cash: 'Cash', card: 'Card', eft: 'EFT', other: 'Other' } as const;

/** A closed shift's Z-report, printable on till paper. */
export function ZReportView({
  shift,
  orders,
  business,
  currency,
}: {
  shift: PosShift;
  orders: PosOrder[];
  business: string;
  currency: string;
}) {
  const held = useRef<HTMLDivElement>(null);
  const dates = useWorkspaceDates();
  const money = (c: number) => formatCents(c, currency);
  const z = zReport(shift, orders);
  const print = () => {
    const report = held.current?.firstElementChild;
    if (report instanceof HTMLElement) printReceipt(report, 80);
  };
  return (
    <div className={s.dialogBody}>
      <div ref={held}>
        <article className={p.receipt} aria-label="Z-report">
          <header className={p.receiptHead}>
            <p className={p.receiptBusiness}>{business}</p>
            <p className={s.muted}>Z-report</p>
            <p className={s.muted}>
              {dates.dateTime(shift.opened_at)} – {shift.closed_at ? dates.dateTime(shift.closed_at) : 'open'}
            </p>
          </header>
          <dl className={p.sums}>
            <Row label={`Sales (${z.sales.count})`} value={money(z.sales.total_cents)} testId="z-sales" />
            <Row label={`Refunds (${z.refunds.count})`} value={`−${money(z.refunds.total_cents)}`} testId="z-refunds" />
            <Row label={`Voids (${z.voids.count})`} value={`−${money(z.voids.total_cents)}`} testId="z-voids" />
            <div className={`${p.sum} ${p.grand}`}>
              <dt>Net takings</dt>
              <dd className={p.sumValue} data-testid="z-net">
                {money(z.net_cents)}
              </dd>
            </div>
            <Row label="VAT in sales" value={money(z.net_tax_cents)} testId="z-vat" />
          </dl>
          <div className={p.zTableWrap}>
            <table className={p.zTable} aria-label="By payment method">
              <thead>
                <tr>
                  <th scope="col">Method</th>
                  <th scope="col">Sales</th>
                  <th scope="col">Refunds</th>
                  {z.voids.count > 0 ? <th scope="col">Voids</th> : null}
                  <th scope="col">Net</th>
                </tr>
              </thead>
              <tbody>
                {z.methods.map((m) => (
                  <tr key={m.method} data-testid={`z-method-${m.method}`}>
                    <th scope="row">{methodLabels[m.method]}</th>
                    <td>{money(m.sales_cents)}</td>
                    <td>{money(m.refunds_cents)}</td>
                    {z.voids.count > 0 ? <td>{money(m.voids_cents)}</td> : null}
                    <td>{money(m.net_cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className={p.sums}>
            <Row label="Opening float" value={money(z.cash.float_cents)} />
            <Row label="Cash taken" value={money(z.cash.tendered_cents)} />
            <Row label="Change given" value={`−${money(z.cash.change_cents)}`} />
            <Row label="Cash refunded" value={`−${money(z.cash.refunds_cents)}`} />
            <Row label="Expected cash" value={money(z.cash.expected_cents)} testId="z-expected" />
            {z.counted_cents !== undefined ? <Row label="Counted cash" value={money(z.counted_cents)} testId="z-counted" /> : null}
            {z.difference_cents !== undefined ? (
              <div className={`${p.sum} ${p.grand}`}>
                <dt>{z.difference_cents === 0 ? 'Balanced' : z.difference_cents > 0 ? 'Over' : 'Short'}</dt>
                <dd className={p.sumValue} data-testid="z-difference">
                  {money(Math.abs(z.difference_cents))}
                </dd>
              </div>
            ) : null}
          </dl>
        </article>
      </div>
      <Button variant="secondary" onPress={print}>
        Print Z-report
      </Button>
    </div>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={p.sum}>
      <dt>{label}</dt>
      <dd className={p.sumValue} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
