import { z } from 'zod';
// Readable wording for every rule below that states no message of its own.
import './messages.js';

/**
 * The input policy: what any value a person or a device sends must satisfy before the server stores
 * it or does arithmetic with it. Every schema in `schema/` builds its fields from these primitives,
 * so the server (route parsing, push validation) and the device (RxDB writes, forms) refuse the same
 * input with the same message, and the database never sees a value it rejects (which would answer 500).
 *
 * Bounds beyond what a field already declared are refinements, not `.max()`: a replicated schema is
 * also the RxDB JSON schema a device keeps a hash of (`rxJsonSchema`), and a refinement leaves that
 * schema exactly as it was, where a new keyword would need a version bump on every device.
 */

/** PostgreSQL `integer`: every id column and every `int` column. */
export const MAX_INT = 2_147_483_647;

/**
 * The largest total a document may reach: 10 000 000 000 000.00 in its currency. It stays below
 * Number.MAX_SAFE_INTEGER (about 9.007 × 10^15) so every sum of cents is exact in a JS number, and
 * far below a `bigint` column.
 */
export const MAX_DOCUMENT_CENTS = 1_000_000_000_000_000;

export const inputMessages = {
  character: 'Text cannot contain the NUL character or a broken (unpaired surrogate) character',
  id: `Must be a whole number from 1 to ${MAX_INT}`,
  int: `Must be a whole number from 0 to ${MAX_INT}`,
  instant: 'Enter a real date and time (ISO 8601, with its time zone) between the years 1900 and 9999',
  date: 'Dates are written YYYY-MM-DD',
  realDate: 'Not a real date',
  documentTotal: 'The total is too large: a document can total at most 10,000,000,000,000.00',
  path: 'This address is not valid: it has a broken % escape',
} as const;

/** What any request whose path holds a broken % escape is answered (400), whoever sends it. */
export const badPathBody = { message: inputMessages.path, code: 'bad_path' } as const;

/**
 * Characters Postgres refuses in `text` and `jsonb` (NUL), and UTF-16 halves with no partner, which
 * `jsonb` refuses and `text` would silently turn into U+FFFD.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function storableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** Any text a person or device sends: refuses what cannot be stored. Chain `.trim()`, `.min()`, `.max()` as usual. */
export function text(max?: number) {
  const base = z.string().refine(storableText, inputMessages.character);
  return max === undefined ? base : base.max(max);
}

/** A row id (`integer` column, serial): 1 to 2 147 483 647. */
export const id = z
  .number({ error: inputMessages.id })
  .int(inputMessages.id)
  .positive(inputMessages.id)
  .refine((v) => v <= MAX_INT, inputMessages.id);

/**
 * An id in a path or query string (`/workspaces/:id`, `?workspace=`): digits only, then bounded as `id`
 * (so `1e3`, `0x10`, `12abc` and 99999999999 are all refused with the same message).
 */
export const idParam = z
  .union([z.number(), z.string()], { error: inputMessages.id })
  .transform((v) => (typeof v === 'number' ? v : /^[1-9]\d{0,9}$/.test(v) ? Number(v) : Number.NaN))
  .pipe(id);

/** A count or measure stored in an `integer` column (thresholds, grams): 0 to 2 147 483 647. */
export const intColumn = z
  .number()
  .int(inputMessages.int)
  .min(0, inputMessages.int)
  .refine((v) => v <= MAX_INT, inputMessages.int);

/**
 * Integer cents between `min` and `max`, whose sums the callers keep exact: each bound is at most
 * MAX_DOCUMENT_CENTS, and the schemas that add amounts up (invoice lines, sale items) bound the sum too.
 */
export function cents(min: number, max: number) {
  return z.number().int().min(min).max(max);
}

/** An instant as ISO 8601 with its offset, inside what both JavaScript and `timestamptz` hold the same. */
export const instant = z.iso
  .datetime({ offset: true, error: inputMessages.instant, abort: true })
  .refine(instantInRange, inputMessages.instant);

const FIRST_INSTANT = Date.UTC(1900, 0, 1);
const LAST_INSTANT = Date.UTC(10000, 0, 1);

function instantInRange(value: string): boolean {
  const time = Date.parse(value);
  // Postgres takes offsets up to ±15:59 only.
  const offset = /([+-])(\d\d):?(\d\d)$/.exec(value);
  if (offset && Number(offset[2]) > 15) return false;
  return !Number.isNaN(time) && time >= FIRST_INSTANT && time < LAST_INSTANT;
}

/** A calendar date as YYYY-MM-DD (no time zone: an invoice is due on a day, wherever you are). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, inputMessages.date)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    inputMessages.realDate,
  );
