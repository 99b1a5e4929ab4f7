import { z } from 'zod';

/**
 * The typed API contract. Each endpoint names its method, path and zod schemas; the server's routes
 * (sync-server/http/route.ts) and the app's client (app/data/api.ts) both derive their types from it,
 * so renaming a field breaks the build on both sides.
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface EndpointDef {
  method: Method;
  /** Express-style path, e.g. `/api/workspaces/:id`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export function endpoint<const E extends EndpointDef>(def: E): E {
  return def;
}

type Part<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? { [P in K]: z.input<S> }
  : { [P in K]?: undefined };

/** What a caller sends. */
export type EndpointInput<E extends EndpointDef> = Part<E, 'params'> & Part<E, 'query'> & Part<E, 'body'>;

type ParsedPart<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? { [P in K]: z.output<S> }
  : { [P in K]: undefined };

/** What a handler receives, after parsing. */
export type EndpointParsed<E extends EndpointDef> = ParsedPart<E, 'params'> & ParsedPart<E, 'query'> & ParsedPart<E, 'body'>;

export type EndpointOutput<E extends EndpointDef> = z.output<E['response']>;

/**
 * Every `code` the API puts in an error body, so a check such as `code === 'plan_limit'` is checked
 * by the compiler on both ends. A new code is added here first.
 */
export const apiErrorCode = z.enum([
  'already_member',
  'already_subscribed',
  'already_verified',
  'bad_body',
  'bad_json',
  'bad_origin',
  'bad_path',
  'code_expired',
  'content_mismatch',
  'cooldown',
  'email_unverified',
  'hold_limit',
  'insufficient_credits',
  'invalid_code',
  'invalid_token',
  'invitation_expired',
  'invitations_rate_limited',
  'mail_failed',
  'mail_link_invalid',
  'mail_rate_limited',
  'no_password',
  'no_pending_social',
  'no_subscription',
  'nothing_to_pay',
  'not_configured',
  'order_too_large',
  'payment_provider',
  'payments_unavailable',
  'plan_limit',
  'promo_invalid',
  'quota_exceeded',
  'quote_not_open',
  'rate_limited',
  'request_reused',
  'series_backwards',
  'too_large',
  'trial_used',
  'type_not_allowed',
  'unsupported_media_type',
  'validation_failed',
  'wrong_password',
]);
export type ApiErrorCode = z.infer<typeof apiErrorCode>;

/** Every error the API returns has this body. `errors` holds per-field messages for a 400. */
export const errorBody = z.object({
  message: z.string(),
  // A code this app does not know yet (a newer server) still leaves the message to show.
  code: apiErrorCode.optional().catch(undefined),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** Verification-code cooldowns (spec §4): whether another code may be sent, and when. */
  canResend: z.boolean().optional(),
  secondsRemaining: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ message: z.string() });

/** Fills `:name` segments of a path. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Per-field messages from a zod error, keyed by the field's dotted path. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
