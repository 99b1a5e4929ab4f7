import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../data/api';
import { focusFirstError } from './focus-first-error';

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

/** Why a save failed, in words: the server's message, else the error's own. */
export function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.body?.message) return err.body.message;
  return err instanceof Error ? err.message : String(err);
}

/** What a failed call should say: the server's message, else the given fallback. */
export function serverMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.body?.message) return err.body.message;
  return fallback;
}

export interface ZodFormOptions<V> {
  /** Checks zod skips while other fields are invalid (object refinements run only on a valid shape). */
  also?: (values: V) => FieldErrors;
  /** What the schema parses, when the fields are not its input as they stand (blank text as null, …). */
  toInput?: (values: V) => Record<string, unknown>;
}

export interface SubmitOptions {
  /** Values the form does not show but the schema needs (the reset link's token). */
  extra?: Record<string, unknown>;
  /** After a refused call: the server's per-field messages are already on the fields. */
  onError?: (err: unknown) => void;
}

/**
 * Form state for a zod-validated form, used by every form: values, per-field errors (the schema's
 * messages, cleared as the field is edited), which fields were touched, whether a submit was tried
 * and is under way, and `handleSubmit` that parses with the shared schema, reports every message
 * inline, and calls `onValid` with the parsed (typed) value; the server's 400 field messages land
 * on the same fields. A refused submit moves focus to the first field in error.
 */
export function useZodForm<S extends z.ZodType, V extends Record<string, unknown>>(schema: S, initial: V, options: ZodFormOptions<V> = {}) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // The form last submitted, and a counter bumped by each refusal: focus moves once the messages render.
  const formRef = useRef<HTMLElement | null>(null);
  const [refusals, setRefusals] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (refusals > 0) focusFirstError(formRef.current);
  }, [refusals]);
  const set = <K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setTouched((t) => (t[key] ? t : { ...t, [key]: true }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  /** A change computed from the current values (several fields at once, a list edited in place). */
  const update = (change: (v: V) => V) => setValues(change);
  /** The value, change handler and message of one text field, to spread onto a TextField. */
  const field = <K extends StringKey<V>>(key: K) => ({
    value: String(values[key]),
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [key]: value }));
      setTouched((t) => (t[key] ? t : { ...t, [key]: true }));
      setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
    },
    error: errors[key],
  });
  /** Marks the form refused from outside (a caller's own check failed): focus goes to its first message. */
  const refuse = (next: FieldErrors) => {
    setErrors(next);
    setRefusals((n) => n + 1);
  };
  const validate = (extra?: Record<string, unknown>): z.output<S> | null => {
    setSubmitted(true);
    const input = options.toInput ? options.toInput(values) : values;
    const parsed = schema.safeParse({ ...input, ...extra });
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors({ ...options.also?.(values), ...zodFieldErrors(parsed.error) });
    setRefusals((n) => n + 1);
    return null;
  };
  /**
   * An onSubmit for the <form>: validates, then runs `onValid` with the typed value while `submitting`.
   * A throw is a failure: the server's field messages land on the fields, and `failure` says why in
   * words (shown by the form, cleared by the next attempt).
   */
  const handleSubmit =
    (onValid: (data: z.output<S>) => Promise<unknown> | void, submitOptions: SubmitOptions = {}) =>
    (e?: FormEvent) => {
      e?.preventDefault();
      if (e?.currentTarget instanceof HTMLElement) formRef.current = e.currentTarget;
      const data = validate(submitOptions.extra);
      if (data === null) return;
      setSubmitting(true);
      setFailure(null);
      void (async () => {
        try {
          await onValid(data);
        } catch (err) {
          setErrors(serverFieldErrors(err));
          setFailure(failureMessage(err));
          submitOptions.onError?.(err);
          setRefusals((n) => n + 1);
        } finally {
          setSubmitting(false);
        }
      })();
    };
  /** As handleSubmit, for a caller that checks more and answers per-field messages (or null): refused with them. */
  const handleChecked = (check: (data: z.output<S>) => Promise<FieldErrors | null>, submitOptions: SubmitOptions = {}) =>
    handleSubmit(async (data) => {
      const refused = await check(data);
      if (refused && Object.values(refused).some(Boolean)) refuse(refused);
    }, submitOptions);
  const reset = (next: V = initial) => {
    setFailure(null);
    setValues(next);
    setErrors({});
    setTouched({});
    setSubmitted(false);
  };
  return {
    values,
    set,
    update,
    field,
    errors,
    setErrors,
    refuse,
    failure,
    touched,
    submitted,
    submitting,
    validate,
    handleSubmit,
    handleChecked,
    reset,
  };
}
