import type { z } from 'zod';
import { errorBody, fillPath, type EndpointDef, type EndpointInput, type EndpointOutput } from '../../schema/kit/http';

/**
 * The client side of the API (spec §4 Session, §7 helpers, §8 generic errors, §9 refresh constants).
 * Cookies carry the session; the client never sees a token.
 */

export const REFRESH_MAX_RETRIES = 3;
export const REFRESH_BASE_DELAY_MS = 1000;
export const REFRESH_MAX_DELAY_MS = 10_000;

/** Browser events the session machinery announces (spec §4). */
export const sessionEvents = {
  refreshSuccess: 'token_refresh_success',
  expired: 'session_expired',
  networkError: 'token_refresh_network_error',
  recovery: 'session_recovery',
} as const;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's message (or the status fallback), shown to people as a toast description. */
    readonly serverMessage: string,
    readonly body?: z.infer<typeof errorBody>,
  ) {
    super(serverMessage);
    this.name = 'ApiError';
  }
  get fieldErrors(): Record<string, string[]> {
    return this.body?.errors ?? {};
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function emit(name: string, detail?: unknown) {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Delay before retry `attempt` (0-based): 1000, 2000, 4000 … capped at 10000 ms. */
export function refreshDelay(attempt: number): number {
  return Math.min(REFRESH_BASE_DELAY_MS * 2 ** attempt, REFRESH_MAX_DELAY_MS);
}

let refreshing: Promise<boolean> | null = null;

/**
 * One token refresh, shared by every caller that hits a 401 at the same moment. Success on any ok
 * status; 401 means the session is over (no retry); 5xx or a network failure is retried up to 3
 * times with doubling delay; any other status fails without retry.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= runRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function runRefresh(): Promise<boolean> {
  for (let attempt = 0; attempt <= REFRESH_MAX_RETRIES; attempt++) {
    if (attempt > 0) await sleep(refreshDelay(attempt - 1));
    let res: Response;
    try {
      res = await fetch('/api/auth/refresh', {
        method: 'POST',
        credentials: 'include',
        headers: { 'X-Refresh-Retry-Count': String(attempt) },
      });
    } catch {
      emit(sessionEvents.networkError, { attempt });
      continue;
    }
    if (res.ok) {
      emit(sessionEvents.refreshSuccess);
      return true;
    }
    if (res.status === 401) {
      emit(sessionEvents.expired, { reason: 'refresh_token_expired' });
      return false;
    }
    if (res.status < 500) return false;
  }
  return false;
}

/** The error for a non-ok response: the JSON body's message, else status plus status text or raw text. */
async function errorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const parsed = errorBody.safeParse(JSON.parse(text));
    if (parsed.success) return new ApiError(res.status, parsed.data.message, parsed.data);
  } catch {
    // not JSON: fall through to the status text
  }
  return new ApiError(res.status, text ? `${res.status}: ${text}` : `${res.status}: ${res.statusText}`);
}

function send(method: string, url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * Endpoints whose 401 means "wrong credentials" or "no session to renew", not an expired access
 * cookie: refreshing there would only announce a session_expired nobody had.
 */
const NO_REFRESH_ON_401: ReadonlySet<string> = new Set(['/api/auth/refresh', '/api/auth/login', '/api/auth/register']);

/**
 * The generic API helper: any method and URL with an optional JSON body. A 401 triggers one refresh
 * and one retry of the original request. Failures are rethrown as ApiError whose `message` is
 * 'API request failed: …' and whose `serverMessage` is what the server said.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  try {
    let res = await send(method, url, body);
    if (res.status === 401 && !NO_REFRESH_ON_401.has(url)) {
      if (await refreshSession()) res = await send(method, url, body);
    }
    if (!res.ok) throw await errorFrom(res);
    return res;
  } catch (err) {
    const message = err instanceof Error ? err.message : 'Unknown error';
    const wrapped = new ApiError(
      err instanceof ApiError ? err.status : 0,
      err instanceof ApiError ? err.serverMessage : message,
      err instanceof ApiError ? err.body : undefined,
    );
    wrapped.message = `API request failed: ${message || 'Unknown error'}`;
    throw wrapped;
  }
}

function buildUrl(def: EndpointDef, input: { params?: unknown; query?: unknown }): string {
  const params = toRecord(input.params);
  let url = fillPath(def.path, params);
  const query = toRecord(input.query);
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  return url;
}

function toRecord(value: unknown): Record<string, string | number> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
    else if (typeof v === 'boolean') out[k] = String(v);
  }
  return out;
}

/** A typed call of one contract endpoint: input and result types come from the contract's zod schemas. */
export async function call<E extends EndpointDef>(def: E, input: EndpointInput<E>): Promise<EndpointOutput<E>> {
  const res = await apiRequest(def.method, buildUrl(def, input), def.method === 'GET' ? undefined : (input.body ?? {}));
  return parseAs<E['response']>(def.response, await res.json());
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * A typed GET for TanStack Query (spec §7 query helper): no-cache headers; a 401 refreshes and
 * retries; with 'returnNull' a second 401 or a failed refresh gives null. The response must be JSON.
 */
export async function queryEndpoint<E extends EndpointDef>(
  def: E,
  input: EndpointInput<E>,
  on401: UnauthorizedBehavior = 'throw',
): Promise<EndpointOutput<E> | null> {
  const url = buildUrl(def, input);
  const get = () =>
    fetch(url, {
      credentials: 'include',
      headers: { Accept: 'application/json', 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    });
  let res = await get();
  if (res.status === 401) {
    const refreshed = await refreshSession();
    if (!refreshed) {
      if (on401 === 'returnNull') return null;
      throw await errorFrom(res);
    }
    res = await get();
    if (res.status === 401 && on401 === 'returnNull') return null;
  }
  if (!res.ok) throw await errorFrom(res);
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) {
    throw new Error('Invalid response format from server');
  }
  return parseAs<E['response']>(def.response, await res.json());
}

function parseAs<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return schema.parse(value);
}
