import { describe, expect, it } from 'vitest';
import { plannerItemInput, plannerMessages } from '../../../schema/planner/planner';
import { emptyPlannerDraft, moveDraft, validatePlannerDraft, type PlannerDraft } from './planner-model';

const base = { id: 'p1', workspace_id: 7 };
const draft = (extra: Partial<PlannerDraft> = {}): PlannerDraft => ({ ...emptyPlannerDraft('2026-12-01'), title: 'Market day', ...extra });

describe('the planner form', () => {
  it('a valid draft becomes the item to store: gold by default, blanks left out', () => {
    const checked = validatePlannerDraft(draft(), base);
    expect(checked).toMatchObject({
      ok: true,
      item: { id: 'p1', workspace_id: 7, title: 'Market day', type: 'event', color: '#FFD700', start_date: '2026-12-01' },
    });
    if (checked.ok) expect(Object.keys(checked.item)).not.toContain('end_date');
  });

  it.each([
    ['no title', { title: '  ' }, 'title', plannerMessages.title],
    ['an end date before the start', { end_date: '2026-11-30' }, 'end_date', plannerMessages.endBeforeStart],
    ['an end time before the start on one day', { start_time: '15:00', end_time: '09:30' }, 'end_time', plannerMessages.endBeforeStart],
    ['a colour that is not a colour', { color: 'yellow' }, 'color', plannerMessages.color],
    ['an unknown type', { type: 'party' }, 'type', plannerMessages.type],
  ])('a draft with %s says why, on its field, and gives nothing to store', (_what, extra, field, message) => {
    const checked = validatePlannerDraft(draft(extra), base);
    expect(checked).toEqual({ ok: false, errors: { [field]: message } });
  });

  it('the schema refuses an unknown type and an end before its start', () => {
    const ok = { id: 'x', workspace_id: 1, updated_at: new Date().toISOString(), title: 'A', start_date: '2026-12-01' };
    expect(plannerItemInput.safeParse(ok).success).toBe(true);
    expect(plannerItemInput.safeParse({ ...ok, type: 'birthday' }).success).toBe(false);
    expect(plannerItemInput.safeParse({ ...ok, end_date: '2026-11-01' }).success).toBe(false);
  });

  it('moving the start date moves the end with it', () => {
    expect(moveDraft(draft({ start_date: '2026-12-01', end_date: '2026-12-03' }), '2026-12-10')).toMatchObject({
      start_date: '2026-12-10',
      end_date: '2026-12-12',
    });
    expect(moveDraft(draft(), '2026-12-10')).toMatchObject({ start_date: '2026-12-10', end_date: '' });
  });
});
