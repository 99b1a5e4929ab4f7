import { z } from 'zod';
import {
  PLANNER_DEFAULT_COLOR,
  plannerItemInput,
  plannerItemTypes,
  type PlannerItem,
  type PlannerItemType,
} from '../../../schema/planner/planner';
import { addDays } from './calendar-dates';

/** The planner form's fields, as typed. */
export type PlannerDraft = {
  title: string;
  type: string;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  color: string;
  description: string;
  done: boolean;
};

/**
 * The form's fields as typed (all text but `done`). The item's own rules (plannerItemInput) are
 * checked by validatePlannerDraft when the draft becomes an item, with each message on its field.
 */
export const plannerDraft = z.object({
  title: z.string(),
  type: z.string(),
  start_date: z.string(),
  start_time: z.string(),
  end_date: z.string(),
  end_time: z.string(),
  color: z.string(),
  description: z.string(),
  done: z.boolean(),
}) satisfies z.ZodType<PlannerDraft>;

export type PlannerDraftErrors = Partial<Record<keyof PlannerDraft, string>>;

export const typeLabels: Record<PlannerItemType, string> = { deadline: 'Deadline', event: 'Event', note: 'Note' };
export const typeOptions = plannerItemTypes.map((value) => ({ value, label: typeLabels[value] }));

export function emptyPlannerDraft(day: string): PlannerDraft {
  return {
    title: '',
    type: 'event',
    start_date: day,
    start_time: '',
    end_date: '',
    end_time: '',
    color: PLANNER_DEFAULT_COLOR,
    description: '',
    done: false,
  };
}

export function draftOfItem(item: PlannerItem): PlannerDraft {
  return {
    title: item.title,
    type: item.type,
    start_date: item.start_date,
    start_time: item.start_time ?? '',
    end_date: item.end_date ?? '',
    end_time: item.end_time ?? '',
    color: item.color,
    description: item.description ?? '',
    done: item.done ?? false,
  };
}

/**
 * A new start date moves the whole item: its end keeps the same distance from the start, so moving
 * a three-day event moves all three days.
 */
export function moveDraft(draft: PlannerDraft, start: string): PlannerDraft {
  if (!draft.end_date || !/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(draft.start_date))
    return { ...draft, start_date: start };
  const span = Math.round((Date.parse(`${draft.end_date}T00:00:00Z`) - Date.parse(`${draft.start_date}T00:00:00Z`)) / 86_400_000);
  return { ...draft, start_date: start, end_date: addDays(start, span) };
}

const draftKeys = ['title', 'type', 'start_date', 'start_time', 'end_date', 'end_time', 'color', 'description', 'done'] as const;

function isDraftKey(key: PropertyKey): key is keyof PlannerDraft {
  return draftKeys.some((k) => k === key);
}

/**
 * Checks a draft with the shared schema (each field, then start before end) and turns it into the
 * item to store: blanks become absent, the comments and anything the form does not edit are kept.
 */
export function validatePlannerDraft(
  draft: PlannerDraft,
  base: { id: string; workspace_id: number; comments?: PlannerItem['comments'] },
): { ok: true; item: PlannerItem } | { ok: false; errors: PlannerDraftErrors } {
  const candidate: Record<string, unknown> = {
    id: base.id,
    workspace_id: base.workspace_id,
    updated_at: new Date().toISOString(),
    title: draft.title,
    type: draft.type,
    start_date: draft.start_date,
    color: draft.color.trim(),
  };
  for (const key of ['start_time', 'end_date', 'end_time', 'description'] as const) {
    const value = draft[key].trim();
    if (value) candidate[key] = value;
  }
  if (draft.done) candidate.done = true;
  if (base.comments && base.comments.length > 0) candidate.comments = base.comments;
  const parsed = plannerItemInput.safeParse(candidate);
  if (parsed.success) return { ok: true, item: parsed.data };
  const errors: PlannerDraftErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (key !== undefined && isDraftKey(key) && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/** The fields the form edits: an update writes only those the person changed (see `updatePlannerItem`). */
export const editedPlannerFields = [
  'title',
  'type',
  'start_date',
  'start_time',
  'end_date',
  'end_time',
  'color',
  'description',
  'done',
] as const;
