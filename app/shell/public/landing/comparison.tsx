import { brand } from '../../../../schema/brand';
import { plans } from '../../../../schema/billing/plans';
import { SiteLink } from '../../../kit/site-link';
import * as s from '../page.css';

/**
 * The platform comparison (spec §1). Competitors are categories of tools, and their cells are
 * deliberately hedged ("Usually", "Varies") so every claim holds for the category in general; the
 * product's own cells state only what it does.
 */
const competitors = ['Typical POS app', 'Typical invoicing app', 'Typical website builder'] as const;

const rows: ReadonlyArray<{ feature: string; vuka: string; others: readonly [string, string, string] }> = [
  { feature: 'Point of sale', vuka: 'Included', others: ['Core feature', 'Usually not included', 'Sometimes, as an add-on'] },
  { feature: 'Invoices and quotes', vuka: 'Included', others: ['Sometimes', 'Core feature', 'Usually not included'] },
  { feature: 'Online storefront', vuka: 'Coming soon', others: ['Sometimes, as an add-on', 'Usually not included', 'Core feature'] },
  {
    feature: 'Stock, customer contacts and a planner',
    vuka: 'All in one workspace',
    others: ['Separate tools', 'Separate tools', 'Separate tools'],
  },
  {
    feature: 'Keeps working offline',
    vuka: 'Yes: sales and invoices sync when you reconnect',
    others: ['Varies', 'Usually needs a connection', 'Editing needs a connection'],
  },
  {
    feature: 'Priced in Rand (ZAR)',
    vuka: `Yes: R${plans.free.priceZarCents / 100} or R${plans.pro.priceZarCents / 100} per month`,
    others: ['Varies', 'Varies', 'Varies'],
  },
  { feature: 'Free plan', vuka: `${plans.free.name} Plan`, others: ['Varies', 'Varies', 'Varies'] },
  { feature: 'Missing features built on request', vuka: 'Yes, for Pro subscribers, free', others: ['Varies', 'Varies', 'Varies'] },
];

export function Comparison() {
  return (
    <>
      <p className={s.scrollHint} aria-hidden="true">
        Swipe sideways to see every column →
      </p>
      {/* Focusable so keyboard users can scroll it; labelled for screen readers. */}
      <div className={s.tableWrap} role="region" aria-label="Platform comparison" tabIndex={0}>
        <table className={s.table}>
          <caption style={{ position: 'absolute', left: '-9999px' }}>
            {brand.product} compared with three common kinds of business tools
          </caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col" className={s.highlightCol}>
                {brand.product}
              </th>
              {competitors.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.feature}>
                <th scope="row">{r.feature}</th>
                <td className={s.highlightCol}>{r.vuka}</td>
                {r.others.map((o, i) => (
                  <td key={competitors[i]}>{o}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={s.ctaRow} style={{ marginTop: 24 }}>
        <SiteLink to="/register" variant="primary">
          Join {brand.product} Network
        </SiteLink>
      </div>
    </>
  );
}
