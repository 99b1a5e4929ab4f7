import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../sync-server/app.js';
import type { AppDeps } from '../../sync-server/deps.js';
import { loadConfig } from '../../sync-server/config.js';
import type { Db } from '../../sync-server/db/db.js';
import { createLogger } from '../../sync-server/logger.js';
import { outboxMailer, type Mailer } from '../../sync-server/mail/mailer.js';

export interface TestServer {
  url: string;
  deps: AppDeps;
  /** Moves the server's clock forward (cooldowns, expiries). */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** Starts the real Express app on a free port over the given database. */
export async function startTestServer(db: Db, opts: { env?: Record<string, string>; mailer?: Mailer } = {}): Promise<TestServer> {
  let offset = 0;
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', ...opts.env });
  const deps: AppDeps = {
    config,
    db,
    mailer: opts.mailer ?? outboxMailer(db, config.MAIL_FROM),
    log: createLogger('silent'),
    now: () => new Date(Date.now() + offset),
  };
  const server: Server = createServer(createApp(deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  config.allowedOrigins.push(url);
  return {
    url,
    deps,
    advance(ms) {
      offset += ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fetch client that keeps cookies like a browser does, for API tests. */
export class CookieClient {
  readonly jar = new Map<string, string>();
  constructor(readonly base: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.base + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.jar.size ? { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown) {
    return this.request('POST', path, body ?? {});
  }
  patch(path: string, body: unknown) {
    return this.request('PATCH', path, body);
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }
}
