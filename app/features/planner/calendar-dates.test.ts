import { describe, expect, it } from 'vitest';
import { addMonths, coversDay, monthGrid, startOfWeek, weekDays } from './calendar-dates';

describe('calendar dates', () => {
  it('weeks start on Monday', () => {
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23');
    expect(startOfWeek('2026-11-29')).toBe('2026-11-23');
    expect(weekDays('2026-11-25')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it('a month grid is whole weeks from the Monday before the 1st through the last day', () => {
    const grid = monthGrid('2026-11-15');
    expect(grid[0][0]).toBe('2026-10-26');
    expect(grid.at(-1)?.at(-1)).toBe('2026-12-06');
    expect(grid.flat()).toContain('2026-11-30');
  });

  it('months move by calendar month, clamped to the month’s end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });

  it('an item covers each day from its start to its end', () => {
    expect(coversDay('2026-12-01', '2026-12-03', '2026-12-02')).toBe(true);
    expect(coversDay('2026-12-01', undefined, '2026-12-02')).toBe(false);
  });
});
