import { generateKeyBetween } from 'fractional-indexing';
import { dealMessages, dealProblem, deals, hundredthsToCents, weightedHundredths, type Deal } from '../../../../schema/crm/deals';
import type { Pipeline, PipelineStage } from '../../../../schema/crm/pipelines';
import { parseCents } from '../../../../schema/kit/money';

export type PipelineView = Pipeline & { id: string };
export type StageView = PipelineStage & { id: string };

export interface DealColumn {
  stage: StageView;
  /** Its deals by position (open, won and lost alike: status is apart from stage). */
  deals: Deal[];
  count: number;
  /** Open deals' value, in cents. */
  total_cents: number;
  /** Open deals weighted by probability, rounded once for the column (as the forecast rounds). */
  weighted_cents: number;
}

const byPosition = (a: Deal, b: Deal) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : 1);

/** A pipeline's columns in stage order, each with its deals and its money (issue 38: count, total, weighted). */
export function dealColumns(stages: readonly StageView[], list: readonly Deal[]): DealColumn[] {
  return [...stages]
    .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id))
    .map((stage) => {
      const inStage = list.filter((d) => d.stage_id === stage.id).sort(byPosition);
      const open = inStage.filter((d) => d.status === 'open');
      return {
        stage,
        deals: inStage,
        count: inStage.length,
        total_cents: open.reduce((sum, d) => sum + d.value_cents, 0),
        weighted_cents: hundredthsToCents(open.reduce((sum, d) => sum + weightedHundredths(d), 0n)),
      };
    });
}

/**
 * The position that puts a deal at `index` among a column's other deals: a key between its new
 * neighbours, so the move writes this deal alone and a card another phone moved keeps its place.
 */
export function positionAt(column: readonly Deal[], movingId: string, index: number): string {
  const others = column.filter((d) => d.id !== movingId);
  const at = Math.max(0, Math.min(index, others.length));
  const before = at > 0 ? others[at - 1].position : null;
  const after = at < others.length ? others[at].position : null;
  // Two phones may have given two deals one key: step past equal neighbours rather than fail.
  if (before !== null && after !== null && before >= after) return generateKeyBetween(before, null);
  return generateKeyBetween(before, after);
}

/** The new-deal form as typed. */
export interface DealDraft {
  title: string;
  value: string;
  stage_id: string;
  expected_close_date: string;
  contact_id: string;
}

export type DealErrors = Partial<Record<keyof DealDraft | 'probability', string>>;

/**
 * Checks a typed deal against the same schema the server applies and builds the document: refused
 * here with the server's messages, so a deal never waits in the outbox to be refused.
 */
export function dealFromDraft(
  draft: DealDraft,
  ctx: {
    id: string;
    workspace_id: number;
    pipeline_id: string;
    stage: StageView | undefined;
    currency: string;
    column: readonly Deal[];
    now: string;
  },
): { ok: true; doc: Deal } | { ok: false; errors: DealErrors } {
  const errors: DealErrors = {};
  const value = parseCents(draft.value.trim() === '' ? '0' : draft.value, 'Value');
  if (!value.ok) errors.value = dealMessages.value;
  if (!ctx.stage) errors.stage_id = dealMessages.stageNotInPipeline;
  const doc = {
    id: ctx.id,
    workspace_id: ctx.workspace_id,
    updated_at: ctx.now,
    pipeline_id: ctx.pipeline_id,
    stage_id: ctx.stage?.id ?? '',
    title: draft.title.trim(),
    value_cents: value.ok ? (value.cents ?? 0) : 0,
    currency: ctx.currency,
    status: 'open' as const,
    probability: ctx.stage?.probability ?? 0,
    position: generateKeyBetween(ctx.column.at(-1)?.position ?? null, null),
    ...(draft.expected_close_date ? { expected_close_date: draft.expected_close_date } : {}),
    ...(draft.contact_id ? { contact_id: draft.contact_id } : {}),
  };
  const parsed = deals.fields.safeParse(doc);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      const key = field === 'value_cents' ? 'value' : field;
      if (isDraftKey(key) && !errors[key]) errors[key] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, doc };
}

function isDraftKey(key: string): key is keyof DealErrors {
  return ['title', 'value', 'stage_id', 'expected_close_date', 'contact_id', 'probability'].includes(key);
}

/** A deal marked lost: the reason is required (the same rule the server applies). */
export function lostDeal(d: Deal, reason: string, today: string, now: string): { ok: true; doc: Deal } | { ok: false; message: string } {
  const doc: Deal = { ...d, status: 'lost', lost_reason: reason.trim(), actual_close_date: today, updated_at: now };
  const problem = dealProblem(doc);
  return problem ? { ok: false, message: dealMessages.lostReason } : { ok: true, doc };
}
