import { z } from 'zod';
import { calendarDate, instant, text } from '../kit/input.js';
import { replicatedEntity } from '../sync/replicated-entity.js';

/** spec §9: "Planner default color #FFD700" (gold, spec §3). */
export const PLANNER_DEFAULT_COLOR = '#FFD700';

export const plannerItemTypes = ['deadline', 'event', 'note'] as const;
export const plannerItemType = z.enum(plannerItemTypes, { error: () => plannerMessages.type });
export type PlannerItemType = z.infer<typeof plannerItemType>;

/** What a person is told when a planner item cannot be stored (on the device and by the server). */
export const plannerMessages = {
  title: 'Give the item a title',
  type: 'Choose deadline, event or note',
  color: 'Colour must be a hex colour like #FFD700',
  time: 'Times are written HH:MM',
  endBeforeStart: 'The end cannot be before the start',
  comment: 'A comment cannot be empty',
} as const;

/** spec §9 "time strings 5": HH:MM on a 24-hour clock. */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, plannerMessages.time);

/** A comment on a planner item, embedded in the item's document (DESIGN.md §5: aggregates replicate). */
export const plannerComment = z.object({
  id: text(64).min(1),
  body: text().trim().min(1, plannerMessages.comment).max(2000),
  author_name: text(255).optional(),
  created_at: instant,
});
export type PlannerComment = z.infer<typeof plannerComment>;

/** spec §3 planner_items: type (deadline, event, note); default colour gold; planner_comments embedded. */
export const plannerItems = replicatedEntity({
  name: 'planner_items',
  version: 0,
  // Add one strategy per version bump; stored documents outlive app versions.
  migrationStrategies: {},
  fields: {
    title: text().trim().min(1, plannerMessages.title).max(255),
    type: plannerItemType.default('event'),
    description: text(5000).optional(),
    start_date: calendarDate,
    start_time: timeOfDay.optional(),
    end_date: calendarDate.optional(),
    end_time: timeOfDay.optional(),
    color: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/, plannerMessages.color)
      .default(PLANNER_DEFAULT_COLOR),
    done: z.boolean().optional(),
    comments: z.array(plannerComment).max(500).optional(),
  },
  serverOnly: {},
  columns: {
    title: 'text',
    type: 'text',
    description: 'text',
    start_date: 'text',
    start_time: 'text',
    end_date: 'text',
    end_time: 'text',
    color: 'text',
    done: 'bool',
    comments: 'jsonb',
  },
});
export type PlannerItem = z.infer<typeof plannerItems.doc>;
export type PlannerItemInput = z.input<typeof plannerItems.fields>;

/**
 * The rule one field's schema cannot say: an item ends on or after it starts. A missing end date
 * means the start's day; a missing time means the whole day. Shared by the form and the server.
 */
export function plannerItemProblem(item: {
  start_date: string;
  start_time?: string;
  end_date?: string;
  end_time?: string;
}): { field: 'end_date' | 'end_time'; message: string } | null {
  const endDate = item.end_date ?? item.start_date;
  if (endDate < item.start_date) return { field: 'end_date', message: plannerMessages.endBeforeStart };
  if (endDate === item.start_date && item.start_time && item.end_time && item.end_time < item.start_time) {
    return { field: 'end_time', message: plannerMessages.endBeforeStart };
  }
  return null;
}

/** The item fields as the form and the server check them: each field, then start before end. */
export const plannerItemInput = plannerItems.fields.superRefine((item, ctx) => {
  const problem = plannerItemProblem(item);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});
