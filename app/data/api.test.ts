import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authContract } from '../../schema/auth/contract';
import { ApiError, apiRequest, call, queryEndpoint, refreshDelay, refreshSession, sessionEvents } from './api';

type Reply = { status: number; body?: unknown; text?: string; contentType?: string } | 'network';

/** A stubbed global fetch that answers from per-URL queues and records every call. */
function stubFetch(routes: Record<string, Reply[]>) {
  const calls: { url: string; method: string; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    calls.push({ url, method: init?.method ?? 'GET', headers });
    const queue = routes[url];
    const reply = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!reply) throw new Error(`unexpected fetch ${url}`);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(text || null, {
      status: reply.status,
      statusText: reply.status === 500 ? 'Internal Server Error' : reply.status === 401 ? 'Unauthorized' : '',
      headers: { 'content-type': reply.contentType ?? 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, count: (url: string) => calls.filter((c) => c.url === url).length };
}

const user = {
  id: 1,
  email: 'a@b.co',
  name: 'Ann',
  full_name: 'Ann Bee',
  first_name: null,
  last_name: null,
  username: null,
  title: null,
  bio: null,
  phone: null,
  profileImage: null,
  isAdmin: false,
  verified: true,
  credits: 100,
  plan: 'free',
  trialEndsAt: null,
  hasPassword: true,
  created_at: '2026-01-01T00:00:00.000Z',
};
const REFRESH = '/api/auth/refresh';
const USER = '/api/auth/user';
const refreshed = { status: 200, body: { message: 'Session refreshed', accessExpiresAt: 1 } };

let events: { type: string; detail: unknown }[];
beforeEach(() => {
  events = [];
  const target = new EventTarget();
  for (const type of Object.values(sessionEvents)) {
    target.addEventListener(type, (e) => events.push({ type, detail: e instanceof CustomEvent ? e.detail : undefined }));
  }
  vi.stubGlobal('window', target);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('API helper (spec §4 Session, §7 helpers)', () => {
  it('a 401 triggers one refresh then one retry of the original request', async () => {
    const f = stubFetch({ [USER]: [{ status: 401 }, { status: 200, body: user }], [REFRESH]: [refreshed] });
    const got = await call(authContract.currentUser, {});
    expect(got.email).toBe('a@b.co');
    expect(f.count(REFRESH)).toBe(1);
    expect(f.count(USER)).toBe(2);
    expect(events.map((e) => e.type)).toEqual(['token_refresh_success']);
  });

  it('a second 401 after a successful refresh is not retried again', async () => {
    const f = stubFetch({ [USER]: [{ status: 401, body: { message: 'Not signed in' } }], [REFRESH]: [refreshed] });
    await expect(call(authContract.currentUser, {})).rejects.toMatchObject({ status: 401, serverMessage: 'Not signed in' });
    expect(f.count(REFRESH)).toBe(1);
    expect(f.count(USER)).toBe(2);
  });

  it('refresh answered 401 ends the session without retry and announces session_expired', async () => {
    const f = stubFetch({ [USER]: [{ status: 401 }], [REFRESH]: [{ status: 401, body: { message: 'Session expired' } }] });
    await expect(call(authContract.currentUser, {})).rejects.toBeInstanceOf(ApiError);
    expect(f.count(REFRESH)).toBe(1);
    expect(f.count(USER)).toBe(1);
    expect(events).toEqual([{ type: 'session_expired', detail: { reason: 'refresh_token_expired' } }]);
  });

  it('wrong login credentials do not trigger a refresh', async () => {
    const f = stubFetch({ '/api/auth/login': [{ status: 401, body: { message: 'Invalid email or password' } }] });
    await expect(call(authContract.login, { body: { email: 'a@b.co', password: 'secret1' } })).rejects.toMatchObject({
      serverMessage: 'Invalid email or password',
    });
    expect(f.count(REFRESH)).toBe(0);
  });

  it('sends JSON with credentials, marked as an AJAX request', async () => {
    const f = stubFetch({ '/api/auth/login': [{ status: 200, body: { user } }] });
    await call(authContract.login, { body: { email: 'a@b.co', password: 'secret1' } });
    expect(f.calls[0].method).toBe('POST');
    expect(f.calls[0].headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(f.calls[0].headers['content-type']).toBe('application/json');
  });
});

describe('refresh retries (spec §9: at most 3 retries, delay doubling from 1000 ms, capped at 10000 ms)', () => {
  it('the delays double from 1000 ms and are capped at 10000 ms', () => {
    expect([0, 1, 2, 3, 4, 5].map(refreshDelay)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it('5xx and network failures are retried 3 times, waiting 1000, 2000 then 4000 ms', async () => {
    vi.useFakeTimers();
    const f = stubFetch({ [REFRESH]: [{ status: 500 }, 'network', { status: 503 }, refreshed] });
    const done = refreshSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.count(REFRESH)).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(f.count(REFRESH)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.count(REFRESH)).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(f.count(REFRESH)).toBe(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(f.count(REFRESH)).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe(true);
    expect(f.count(REFRESH)).toBe(4);
    expect(f.calls.map((c) => c.headers['x-refresh-retry-count'])).toEqual(['0', '1', '2', '3']);
    expect(events.map((e) => e.type)).toEqual(['token_refresh_network_error', 'token_refresh_success']);
  });

  it('gives up after 4 attempts', async () => {
    vi.useFakeTimers();
    const f = stubFetch({ [REFRESH]: [{ status: 502 }] });
    const done = refreshSession();
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(done).resolves.toBe(false);
    expect(f.count(REFRESH)).toBe(4);
  });

  it('other failing statuses return false with no retry', async () => {
    const f = stubFetch({ [REFRESH]: [{ status: 403 }] });
    await expect(refreshSession()).resolves.toBe(false);
    expect(f.count(REFRESH)).toBe(1);
    expect(events).toEqual([]);
  });

  it('callers hitting a 401 at the same moment share one refresh', async () => {
    const f = stubFetch({ [REFRESH]: [refreshed] });
    const results = await Promise.all([refreshSession(), refreshSession()]);
    expect(results).toEqual([true, true]);
    expect(f.count(REFRESH)).toBe(1);
  });
});

describe('error texts (spec §8)', () => {
  it("the message is the JSON body's message; the failure reads 'API request failed: …'", async () => {
    stubFetch({ '/api/auth/logout': [{ status: 400, body: { message: 'Bad things', errors: { email: ['Nope'] } } }] });
    const err = await call(authContract.logout, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    if (!(err instanceof ApiError)) return;
    expect(err.message).toBe('API request failed: Bad things');
    expect(err.serverMessage).toBe('Bad things');
    expect(err.fieldErrors).toEqual({ email: ['Nope'] });
  });

  it('without a JSON message it is the status plus the raw text, or the status text', async () => {
    stubFetch({ '/api/auth/logout': [{ status: 500, text: 'boom', contentType: 'text/plain' }] });
    await expect(apiRequest('POST', '/api/auth/logout')).rejects.toMatchObject({ serverMessage: '500: boom' });
    stubFetch({ '/api/auth/logout': [{ status: 500 }] });
    await expect(apiRequest('POST', '/api/auth/logout')).rejects.toMatchObject({
      serverMessage: '500: Internal Server Error',
    });
  });

  it('a network failure is rethrown as API request failed with the cause', async () => {
    stubFetch({ '/api/auth/logout': ['network'] });
    await expect(apiRequest('POST', '/api/auth/logout')).rejects.toMatchObject({
      message: 'API request failed: Failed to fetch',
      status: 0,
    });
  });

  it("a non-JSON query response raises 'Invalid response format from server'", async () => {
    stubFetch({ [USER]: [{ status: 200, text: '<html></html>', contentType: 'text/html' }] });
    await expect(queryEndpoint(authContract.currentUser, {})).rejects.toThrow('Invalid response format from server');
  });
});

describe('query helper (spec §7)', () => {
  it('sends no-cache headers', async () => {
    const f = stubFetch({ [USER]: [{ status: 200, body: user }] });
    await queryEndpoint(authContract.currentUser, {});
    expect(f.calls[0].headers['cache-control']).toBe('no-cache');
  });

  it("in 'returnNull' mode a failed refresh yields null", async () => {
    stubFetch({ [USER]: [{ status: 401 }], [REFRESH]: [{ status: 401 }] });
    await expect(queryEndpoint(authContract.currentUser, {}, 'returnNull')).resolves.toBeNull();
  });

  it("in 'returnNull' mode a second 401 yields null", async () => {
    const f = stubFetch({ [USER]: [{ status: 401 }], [REFRESH]: [refreshed] });
    await expect(queryEndpoint(authContract.currentUser, {}, 'returnNull')).resolves.toBeNull();
    expect(f.count(USER)).toBe(2);
  });

  it('otherwise the 401 is thrown', async () => {
    stubFetch({ [USER]: [{ status: 401, body: { message: 'Not signed in' } }], [REFRESH]: [{ status: 401 }] });
    await expect(queryEndpoint(authContract.currentUser, {})).rejects.toMatchObject({ status: 401 });
  });

  it('a 401 then a successful refresh retries and returns the data', async () => {
    stubFetch({ [USER]: [{ status: 401 }, { status: 200, body: user }], [REFRESH]: [refreshed] });
    await expect(queryEndpoint(authContract.currentUser, {}, 'returnNull')).resolves.toMatchObject({ id: 1 });
  });
});
