import { forecastRow, type ForecastMonth } from '../../../schema/crm/deals.js';
import type { Queryable } from '../../db/db.js';

/**
 * The forecast per month by SQL (issue 38), figure for figure what `forecastByMonth` computes on the
 * device: open deals by expected close, each value × probability summed exactly in hundredths of a
 * cent, then rounded half up once per month; won deals at full value by their actual close.
 */
export async function forecast(q: Queryable, workspaceId: number, pipelineId?: string): Promise<ForecastMonth[]> {
  const rows = await q.query<{ month: string; currency: string; won: string; weighted: string; open_count: number; won_count: number }>(
    `SELECT month, currency,
            coalesce(sum(value_cents) FILTER (WHERE status = 'won'), 0)::text AS won,
            div(coalesce(sum(value_cents::numeric * probability) FILTER (WHERE status = 'open'), 0) * 2 + 100, 200)::text AS weighted,
            (count(*) FILTER (WHERE status = 'open'))::int AS open_count,
            (count(*) FILTER (WHERE status = 'won'))::int AS won_count
       FROM (SELECT left(CASE WHEN status = 'open' THEN expected_close_date ELSE actual_close_date END, 7) AS month,
                    currency, status, value_cents, probability
               FROM deals
              WHERE workspace_id = $1 AND NOT deleted AND status IN ('open', 'won')
                AND ($2::text IS NULL OR pipeline_id = $2)) d
      WHERE coalesce(month, '') <> ''
      GROUP BY month, currency
      ORDER BY month COLLATE "C", currency COLLATE "C"`,
    [workspaceId, pipelineId ?? null],
  );
  return rows.map((r) =>
    forecastRow({
      month: r.month,
      currency: r.currency,
      won: Number(r.won),
      weighted: Number(r.weighted),
      open: r.open_count,
      wonCount: r.won_count,
    }),
  );
}
