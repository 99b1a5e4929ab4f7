import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  freeSlots,
  localDay,
  slotProblem,
  withinCancelCutoff,
  type SlotContext,
  type StaffAvailability,
} from './booking-slots.js';
import { defaultRules, rulesFor } from './bookings.js';

const ZA = 'Africa/Johannesburg';
// Monday 2030-06-03; Johannesburg is UTC+2 all year.
const monday = '2030-06-03';
const at = (local: string) => new Date(`${local}+02:00`);

const thandi: StaffAvailability = {
  id: 'a0000000-0000-4000-8000-000000000001',
  hours: { '1': [{ start: '09:00', end: '12:00' }], '2': [{ start: '09:00', end: '12:00' }] },
  off_weekdays: [],
  time_off: [],
};
const sipho: StaffAvailability = { ...thandi, id: 'a0000000-0000-4000-8000-000000000002' };

function ctx(over: Partial<SlotContext> = {}): SlotContext {
  return {
    zone: ZA,
    now: at('2030-06-01T08:00:00'),
    duration_minutes: 60,
    rules: { ...defaultRules, slot_step_minutes: 30, min_notice_minutes: 60 },
    staff: [thandi],
    busy: [],
    ...over,
  };
}
const starts = (c: SlotContext, from = monday, to = monday) => freeSlots(c, from, to).map((s) => s.start.toISOString());

describe('free slots', () => {
  it('steps each working window by the slot step, each slot fitting inside the hours, in the workspace zone', () => {
    expect(starts(ctx())).toEqual([
      at('2030-06-03T09:00:00').toISOString(),
      at('2030-06-03T09:30:00').toISOString(),
      at('2030-06-03T10:00:00').toISOString(),
      at('2030-06-03T10:30:00').toISOString(),
      at('2030-06-03T11:00:00').toISOString(),
    ]);
    // 09:00 in Johannesburg is 07:00 UTC.
    expect(freeSlots(ctx(), monday, monday)[0].start.toISOString()).toBe('2030-06-03T07:00:00.000Z');
  });

  it('a booked hour and its buffers take their slots away; the other staff member still offers them', () => {
    const busy = [{ staff_id: thandi.id, start: at('2030-06-03T10:30:00'), end: at('2030-06-03T11:00:00') }];
    const rules = { ...defaultRules, slot_step_minutes: 30, buffer_after_minutes: 30 };
    expect(starts(ctx({ busy, rules }))).toEqual([at('2030-06-03T09:00:00').toISOString()]);
    const both = freeSlots(ctx({ busy, rules, staff: [thandi, sipho] }), monday, monday);
    expect(both.find((s) => s.start.getTime() === at('2030-06-03T10:00:00').getTime())?.staff_ids).toEqual([sipho.id]);
    expect(both.find((s) => s.start.getTime() === at('2030-06-03T09:00:00').getTime())?.staff_ids).toEqual([thandi.id, sipho.id]);
  });

  it('recurring days off, time off, the horizon and the daily limit', () => {
    expect(starts(ctx({ staff: [{ ...thandi, off_weekdays: [1] }] }))).toEqual([]);
    const off = { start: at('2030-06-03T09:00:00'), end: at('2030-06-03T11:00:00') };
    expect(starts(ctx({ staff: [{ ...thandi, time_off: [off] }] }))).toEqual([at('2030-06-03T11:00:00').toISOString()]);
    expect(starts(ctx({ rules: { ...defaultRules, horizon_days: 1 } }))).toEqual([]);
    const busy = [{ staff_id: thandi.id, start: at('2030-06-03T09:00:00'), end: at('2030-06-03T10:00:00') }];
    expect(starts(ctx({ busy, rules: { ...defaultRules, daily_limit: 1 } }))).toEqual([]);
    // Tuesday is another day: the limit counts per day.
    expect(starts(ctx({ busy, rules: { ...defaultRules, daily_limit: 1 } }), '2030-06-04', '2030-06-04')).toHaveLength(5);
  });

  it('minimum notice counts from now', () => {
    const now = at('2030-06-03T09:10:00');
    expect(starts(ctx({ now, rules: { ...defaultRules, min_notice_minutes: 60 } }))).toEqual([
      at('2030-06-03T10:30:00').toISOString(),
      at('2030-06-03T11:00:00').toISOString(),
    ]);
  });

  it('a zone with daylight saving keeps the wall-clock hours on the day the clocks change', () => {
    // Europe/London goes to summer time at 01:00 UTC on Sunday 2030-03-31.
    const sunday: StaffAvailability = {
      ...thandi,
      hours: { '0': [{ start: '09:00', end: '11:00' }], '6': [{ start: '09:00', end: '10:00' }] },
    };
    const c = ctx({ zone: 'Europe/London', staff: [sunday], now: new Date('2030-03-01T00:00:00Z') });
    expect(freeSlots(c, '2030-03-30', '2030-03-31').map((s) => s.start.toISOString())).toEqual([
      '2030-03-30T09:00:00.000Z', // Saturday, GMT
      '2030-03-31T08:00:00.000Z', // Sunday, BST: 09:00 on the wall
      '2030-03-31T08:30:00.000Z',
      '2030-03-31T09:00:00.000Z',
    ]);
    expect(localDay(new Date('2030-03-30T23:30:00Z'), 'Europe/London')).toBe('2030-03-30');
    expect(localDay(new Date('2030-03-31T23:30:00Z'), 'Europe/London')).toBe('2030-04-01');
  });
});

describe('why a time cannot be booked', () => {
  const busy = [{ staff_id: thandi.id, start: at('2030-06-03T10:00:00'), end: at('2030-06-03T11:00:00') }];
  const c = ctx({ busy, rules: { ...defaultRules, buffer_before_minutes: 15, buffer_after_minutes: 15 } });
  it.each([
    ['2030-06-03T10:30:00', 'not_free'],
    ['2030-06-03T08:00:00', 'outside_hours'],
    ['2030-06-03T11:30:00', 'outside_hours'],
    ['2030-06-03T11:10:00', 'outside_hours'],
    ['2030-06-03T08:55:00', 'outside_hours'],
    ['2030-06-03T09:00:00', 'in_buffer'],
    ['2030-06-03T11:00:00', 'in_buffer'],
  ] as const)('%s → %s', (time, problem) => {
    expect(slotProblem(c, thandi.id, at(time))).toBe(problem);
  });
  it('a gap of both buffers is free; a past time is inside the notice; a day off is not working', () => {
    expect(slotProblem({ ...c, busy: [] }, thandi.id, at('2030-06-03T09:00:00'))).toBeNull();
    expect(slotProblem(c, thandi.id, at('2030-06-01T08:30:00'))).toBe('min_notice');
    expect(slotProblem(ctx({ staff: [{ ...thandi, off_weekdays: [1] }] }), thandi.id, at('2030-06-03T09:00:00'))).toBe('not_working');
  });
});

describe('rules and cut-off', () => {
  it("a service's own rule replaces the workspace's; the rest stay", () => {
    expect(rulesFor(defaultRules, { buffer_after_minutes: 10 })).toEqual({ ...defaultRules, buffer_after_minutes: 10 });
  });
  it('cancelling is allowed until the cut-off before the start', () => {
    const start = new Date('2030-06-03T10:00:00Z');
    expect(withinCancelCutoff(start, new Date('2030-06-02T10:00:00Z'), { cancel_cutoff_hours: 24 })).toBe(true);
    expect(withinCancelCutoff(start, new Date('2030-06-02T10:00:01Z'), { cancel_cutoff_hours: 24 })).toBe(false);
  });
  it('days between two days, both included', () => {
    expect(daysBetween('2030-02-27', '2030-03-02')).toEqual(['2030-02-27', '2030-02-28', '2030-03-01', '2030-03-02']);
  });
});
