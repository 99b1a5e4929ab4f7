/**
 * Value checks for what the route tree reads on every page load (search params, path params, small
 * local settings). They have the shape of zod's schemas (`parse`, `safeParse`), which the router
 * accepts as `validateSearch`, but none of zod's weight: the route tree ships with the landing page
 * (DESIGN.md §11), zod does not.
 */

export type SafeResult<T> = { success: true; data: T } | { success: false; error: Error };

export interface Check<T> {
  /** The value when it passes; otherwise throws. */
  parse(value: unknown): T;
  safeParse(value: unknown): SafeResult<T>;
}

export type Checked<C> = C extends Check<infer T> ? T : never;

/** A check from a type guard; `expected` words the error. */
export function check<T>(expected: string, accept: (value: unknown) => value is T): Check<T> {
  const safeParse = (value: unknown): SafeResult<T> =>
    accept(value) ? { success: true, data: value } : { success: false, error: new Error(`Expected ${expected}`) };
  return {
    safeParse,
    parse(value) {
      const result = safeParse(value);
      if (!result.success) throw result.error;
      return result.data;
    },
  };
}

/** One of the given strings. */
export function oneOf<const T extends string>(values: readonly T[]): Check<T> {
  return check(`one of ${values.join(', ')}`, (v): v is T => typeof v === 'string' && (values as readonly string[]).includes(v));
}

/** A string of at most `max` characters. */
export function text(max = Number.POSITIVE_INFINITY): Check<string> {
  return check(`text of at most ${max} characters`, (v): v is string => typeof v === 'string' && v.length <= max);
}

/** A string matching the whole of `pattern`. */
export function matching(pattern: RegExp, expected: string): Check<string> {
  return check(expected, (v): v is string => typeof v === 'string' && pattern.test(v));
}

// RFC 9562 ids (versions 1 to 8), plus the nil and max ids: what zod's `z.uuid()` accepts.
const UUID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

/** A UUID. */
export const uuid = (): Check<string> => matching(UUID, 'a UUID');

/** Exactly `value`. */
export function literal<const T extends string | number | boolean>(value: T): Check<T> {
  return check(JSON.stringify(value), (v): v is T => v === value);
}

export const boolean = (): Check<boolean> => check('true or false', (v): v is boolean => typeof v === 'boolean');

/**
 * Router search params: each field keeps its value when it passes and is dropped otherwise (zod's
 * `.optional().catch(undefined)`), so a stale or hand-edited link still opens its page. Other keys
 * are left out.
 */
export function searchOf<F extends Record<string, Check<unknown>>>(fields: F): Check<{ [K in keyof F]?: Checked<F[K]> }> {
  type Out = { [K in keyof F]?: Checked<F[K]> };
  return {
    safeParse: (raw) => ({ success: true, data: pick(fields, raw) as Out }),
    parse: (raw) => pick(fields, raw) as Out,
  };
}

function pick(fields: Record<string, Check<unknown>>, raw: unknown): Record<string, unknown> {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    if (!(key in source)) continue;
    const result = field.safeParse(source[key]);
    out[key] = result.success ? result.data : undefined;
  }
  return out;
}
