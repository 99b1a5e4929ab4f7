import { expect, type Locator, type Page } from '@playwright/test';

type Scope = Page | Locator;

function pageOf(scope: Scope): Page {
  return 'keyboard' in scope ? scope : scope.page();
}

/**
 * A date or time field's segments (app/ui/date-fields.tsx), found by the field's label. Waiting on
 * it also waits for the picker's code, which loads as the form first shows.
 */
export function dateGroup(scope: Scope, label: string): Locator {
  return scope.getByRole('group', { name: label, exact: true });
}

/** The numbers a value puts in the segments, in the order they show (year, month, day, hour, minute). */
function segmentNumbers(value: string): number[] {
  const parts = /^(?:(\d{4})-(\d{2})-(\d{2}))?T?(?:(\d{2}):(\d{2}))?$/.exec(value);
  if (!parts || value === '') throw new Error(`Not a date or time: ${value}`);
  return parts
    .slice(1)
    .filter((p): p is string => p !== undefined)
    .map(Number);
}

/**
 * Types a value into a segmented date, time or date-and-time field as a person does: a click on the
 * first segment, then the digits ('2026-05-01' types 20260501; '09:30' types 0930;
 * '2026-05-01T09:30' both). Each segment moves on to the next once it is full. Then checks that
 * every segment holds what was typed.
 */
export async function fillDate(scope: Scope, label: string, value: string) {
  const group = dateGroup(scope, label);
  const segments = group.getByRole('spinbutton');
  const numbers = segmentNumbers(value);
  await expect(segments).toHaveCount(numbers.length);
  await segments.first().click();
  await pageOf(scope).keyboard.type(value.replace(/\D/g, ''));
  for (const [i, n] of numbers.entries()) await expect(segments.nth(i)).toHaveAttribute('aria-valuenow', String(n));
}
