import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './messages';

const first = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('readable messages', () => {
  it('say the length limit in words', () => {
    expect(first(z.string().max(255), 'x'.repeat(256))).toBe('Must be at most 255 characters');
    expect(first(z.string().min(3), 'ab')).toBe('Must be at least 3 characters');
    expect(first(z.string().min(1), '')).toBe('This field is required');
    expect(first(z.string().length(3), 'ab')).toBe('Must be exactly 3 characters');
  });

  it('say number bounds plainly', () => {
    expect(first(z.number().max(100), 101)).toBe('Must be 100 or less');
    expect(first(z.number().min(0), -1)).toBe('Cannot be negative');
    expect(first(z.number().int(), 1.5)).toBe('Enter a whole number');
    expect(first(z.number(), 'x')).toBe('Enter a number');
    expect(first(z.number().positive(), 0)).toBe('Must be more than 0');
    expect(first(z.number().max(1_000_000), 2_000_000)).toBe('Must be 1,000,000 or less');
  });

  it('name what is missing or wrong', () => {
    expect(first(z.object({ a: z.string() }), {})).toBe('This field is required');
    expect(first(z.string().email(), 'nope')).toBe('Please enter a valid email address');
    expect(first(z.enum(['deadline', 'event', 'note']), 'party')).toBe('Choose one of: deadline, event, note');
  });

  it("keep a schema's own message", () => {
    expect(first(z.string().max(5, 'Keep it short'), 'too long')).toBe('Keep it short');
  });

  it('never shows zod wording for the common rules', () => {
    const samples: Array<[z.ZodType, unknown]> = [
      [z.string().max(2), 'abc'],
      [z.number().min(1), 0],
      [z.string(), 5],
      [z.array(z.string()).max(1), ['a', 'b']],
    ];
    for (const [schema, value] of samples) expect(first(schema, value)).not.toMatch(/expected|Too big|Too small|Invalid input/);
  });
});
