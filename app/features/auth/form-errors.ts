import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../data/api';

export type FieldErrors = Record<string, string | undefined>;

/** The keys of V whose values are strings (text inputs). */
type StringKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** The first message per field from a zod failure, keyed by the field's name. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** "Passwords don't match" even while other fields still fail (see useZodForm's `also`). */
export function passwordsMatch(message: string) {
  return (v: { password: string; confirmPassword: string }): FieldErrors =>
    v.confirmPassword !== v.password && v.confirmPassword !== '' ? { confirmPassword: message } : {};
}

/** The server's 400 per-field messages, shown on the same fields. */
export function serverFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError)) return {};
  const out: FieldErrors = {};
  for (const [key, list] of Object.entries(err.fieldErrors)) out[key] = list[0];
  return out;
}

/** What a failed call should say: the server's message, else the given fallback. */
export function serverMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.body?.message) return err.body.message;
  return fallback;
}

/**
 * Form state for a zod-validated form: values, per-field errors (cleared as the field is edited),
 * and `validate()` that parses with the shared schema and reports every message inline.
 */
export function useZodForm<S extends z.ZodType, V extends Record<string, unknown>>(
  schema: S,
  initial: V,
  /** Checks zod skips while other fields are invalid (object refinements run only on a valid shape). */
  also?: (values: V) => FieldErrors,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  /** The value, change handler and message of one text field, to spread onto a TextField. */
  const field = <K extends StringKey<V>>(key: K) => ({
    value: String(values[key]),
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [key]: value }));
      setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
    },
    error: errors[key],
  });
  const validate = (extra?: Record<string, unknown>): z.output<S> | null => {
    const parsed = schema.safeParse({ ...values, ...extra });
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors({ ...also?.(values), ...zodFieldErrors(parsed.error) });
    return null;
  };
  return { values, set, field, errors, setErrors, validate, reset: () => setValues(initial) };
}
