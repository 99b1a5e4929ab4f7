import { z } from 'zod';
import { calendarDate, id, text } from '../kit/input.js';
import { replicatedEntity } from '../sync/replicated-entity.js';
import { pipelineMessages } from './pipelines.js';

/** What a person is told when a deal cannot be stored (on the device and by the server). */
export const dealMessages = {
  title: 'Give the deal a title',
  value: 'Value must be an amount of 0 or more, in cents',
  probability: pipelineMessages.probability,
  date: 'Enter a date like 2026-12-31',
  lostReason: 'Say why the deal was lost',
  stageNotInPipeline: 'Choose a stage of the deal’s pipeline',
  pipelineNotFound: pipelineMessages.pipelineNotFound,
  contactNotFound: 'Choose a contact of this workspace',
} as const;

export const dealStatuses = ['open', 'won', 'lost'] as const;
export type DealStatus = (typeof dealStatuses)[number];

/** Reasons offered when a deal is lost; the person may type another (issue 38: an editable list). */
export const LOST_REASONS = ['Price too high', 'Chose a competitor', 'No budget', 'No reply', 'Timing'] as const;

/** R 10 000 000 000: a deal's value; 10 000 such deals weighted still sum exactly in a bigint. */
export const MAX_DEAL_CENTS = 1_000_000_000_000;

const closeDate = calendarDate.or(z.literal('')).optional();

/**
 * spec §3 deals (issue 38): a sale being worked on, in a stage of a pipeline. Its status (open, won,
 * lost) is apart from its stage, as a board shows a won deal in the stage it was won from.
 * `position` is a fractional index within its column (fractional-indexing), so a move writes only the
 * moved deal and two phones moving different cards never lose a move. Replicated in its own
 * collection (DESIGN.md §5) and merged per field, so a value changed on one phone and a stage on
 * another both survive.
 */
export const deals = replicatedEntity({
  name: 'deals',
  version: 0,
  // Add one strategy per version bump; stored documents outlive app versions.
  migrationStrategies: {},
  fields: {
    pipeline_id: text(64).min(1, dealMessages.pipelineNotFound),
    stage_id: text(64).min(1, dealMessages.stageNotInPipeline),
    title: text().trim().min(1, dealMessages.title).max(200),
    value_cents: z
      .number({ error: dealMessages.value })
      .int(dealMessages.value)
      .min(0, dealMessages.value)
      .max(MAX_DEAL_CENTS, dealMessages.value),
    currency: text(3).regex(/^[A-Z]{3}$/, 'Currency is a three-letter code like ZAR'),
    status: z.enum(dealStatuses).default('open'),
    probability: z.number().int(dealMessages.probability).min(0, dealMessages.probability).max(100, dealMessages.probability),
    expected_close_date: closeDate,
    actual_close_date: closeDate,
    lost_reason: text(200).trim().optional(),
    contact_id: text(64).optional(),
    owner_id: id.optional(),
    position: text(64).min(1),
    notes: text(10_000).optional(),
  },
  serverOnly: {},
  columns: {
    pipeline_id: 'text',
    stage_id: 'text',
    title: 'text',
    value_cents: 'bigint',
    currency: 'text',
    status: 'text',
    probability: 'int',
    expected_close_date: 'text',
    actual_close_date: 'text',
    lost_reason: 'text',
    contact_id: 'text',
    owner_id: 'int',
    position: 'text',
    notes: 'text',
  },
  indexes: [['workspace_id', 'pipeline_id']],
});
export type Deal = z.infer<typeof deals.doc>;

/** What no field's own schema can say: a lost deal says why (on the device and by the server). */
export function dealProblem(d: Pick<Deal, 'status' | 'lost_reason'>): string | null {
  if (d.status === 'lost' && !d.lost_reason?.trim()) return `lost_reason: ${dealMessages.lostReason}`;
  return null;
}

/** A deal's value weighted by its probability, in hundredths of a cent (exact; rounded only per sum). */
export function weightedHundredths(d: Pick<Deal, 'value_cents' | 'probability'>): bigint {
  return BigInt(d.value_cents) * BigInt(d.probability);
}

/** Hundredths of a cent to cents, half up (the same rounding the server's SQL does). */
export function hundredthsToCents(h: bigint): number {
  return Number((h * 2n + 100n) / 200n);
}

/** One month of the forecast, in one currency. */
export const forecastMonth = z.object({
  /** YYYY-MM of the expected close (open deals) or the actual close (won deals). */
  month: z.string(),
  currency: z.string(),
  /** Won deals at full value. */
  won_cents: z.number().int(),
  /** Open deals, each weighted by its probability, summed, then rounded half up to the cent. */
  weighted_cents: z.number().int(),
  /** Won plus weighted. */
  forecast_cents: z.number().int(),
  open_count: z.number().int(),
  won_count: z.number().int(),
});
export type ForecastMonth = z.infer<typeof forecastMonth>;

/**
 * The forecast per month (issue 38): open deals weighted by probability by their expected close,
 * won deals at full value by their actual close; lost deals and deals with no date are left out.
 * The server's SQL (sync-server/api/crm/deals.repo.ts) gives the same figures to the cent.
 */
export function forecastByMonth(
  list: readonly Pick<Deal, 'status' | 'value_cents' | 'probability' | 'currency' | 'expected_close_date' | 'actual_close_date'>[],
): ForecastMonth[] {
  const rows = new Map<string, { month: string; currency: string; won: bigint; weighted: bigint; open: number; wonCount: number }>();
  for (const d of list) {
    const date = d.status === 'open' ? d.expected_close_date : d.status === 'won' ? d.actual_close_date : undefined;
    if (!date) continue;
    const month = date.slice(0, 7);
    const key = `${month} ${d.currency}`;
    let row = rows.get(key);
    if (!row) {
      row = { month, currency: d.currency, won: 0n, weighted: 0n, open: 0, wonCount: 0 };
      rows.set(key, row);
    }
    if (d.status === 'won') {
      row.won += BigInt(d.value_cents);
      row.wonCount += 1;
    } else {
      row.weighted += weightedHundredths(d);
      row.open += 1;
    }
  }
  return [...rows.values()]
    .sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency))
    .map((r) =>
      forecastRow({
        month: r.month,
        currency: r.currency,
        won: Number(r.won),
        weighted: hundredthsToCents(r.weighted),
        open: r.open,
        wonCount: r.wonCount,
      }),
    );
}

/** One month's figures as the forecast gives them (won and weighted already in cents). */
export function forecastRow(r: {
  month: string;
  currency: string;
  won: number;
  weighted: number;
  open: number;
  wonCount: number;
}): ForecastMonth {
  return {
    month: r.month,
    currency: r.currency,
    won_cents: r.won,
    weighted_cents: r.weighted,
    forecast_cents: r.won + r.weighted,
    open_count: r.open,
    won_count: r.wonCount,
  };
}

/** The five stages a new workspace's pipeline starts with (issue 38), with their default probabilities. */
export const DEFAULT_STAGES = [
  { name: 'Lead', color: '#64748B', probability: 10 },
  { name: 'Qualified', color: '#0EA5E9', probability: 25 },
  { name: 'Proposal', color: '#8B5CF6', probability: 50 },
  { name: 'Negotiation', color: '#F59E0B', probability: 75 },
  { name: 'Closing', color: '#10B981', probability: 90 },
] as const;

export const DEFAULT_PIPELINE_NAME = 'Sales';

/** A stage's place among its pipeline's columns: gaps of 1 000, so a stage moved between two writes one number. */
export const STAGE_GAP = 1000;
