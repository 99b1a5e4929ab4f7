import { isIP } from 'node:net';
import { z } from 'zod';

/** Every environment variable Vuka reads (README lists them). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on; unset: 127.0.0.1 outside production, 0.0.0.0 in production. */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('.data/'),
  DATABASE_URL: z.string().optional(),
  /** Public origin of the app, e.g. https://app.vuka.africa; also the CSRF allow-list's first entry. */
  APP_ORIGIN: z.string().optional(),
  /** Extra allowed origins for state-changing requests, comma separated. */
  ALLOWED_ORIGINS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Vuka <no-reply@vuka.africa>'),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  EXCHANGE_RATES_URL: z.string().default('https://open.er-api.com/v6/latest/USD'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_AUTH_URL: z.string().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.string().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.string().default('https://graph.facebook.com/me?fields=id,name,email'),
  X_CLIENT_ID: z.string().optional(),
  X_CLIENT_SECRET: z.string().optional(),
  X_AUTH_URL: z.string().default('https://x.com/i/oauth2/authorize'),
  X_TOKEN_URL: z.string().default('https://api.x.com/2/oauth2/token'),
  X_USERINFO_URL: z.string().default('https://api.x.com/2/users/me'),
  /** Turn off rate limits (only honoured outside production; the e2e suite registers many users). */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.string().default('info'),
  /**
   * Which proxies in front of the server may name the client in X-Forwarded-For (Express's `trust
   * proxy`). Unset: none, so per-IP limits key on the socket's address and a client cannot pick its
   * own by sending the header.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            'TRUST_PROXY must be a hop count, or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal ("true" would trust any client\'s header)',
        });
        return false;
      }
      return parsed;
    }),
  /**
   * The platform's admins, by e-mail (comma separated): an account with one of these addresses is
   * made an admin once its address is verified (at verification, and at start for accounts already
   * verified). It only grants; taking admin away is done on the account itself.
   */
  ADMIN_EMAILS: z.string().default(''),
  /**
   * Whether the server may fetch pictures named by address (a workspace logo given as a URL) from
   * private, loopback or link-local addresses. Refused by default and always in production.
   */
  OUTSIDE_FETCH_PRIVATE: z.enum(['allow', 'refuse']).default('refuse'),
  /** Extra script origins for the CSP (space separated), e.g. analytics loaded after consent. */
  CSP_SCRIPT_SOURCES: z.string().default(''),
  /** Card payments (Paystack). Unset key outside production: a local sandbox runs instead. */
  PAYSTACK_BASE_URL: z.string().default('https://api.paystack.co'),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  /** Port of the local Paystack sandbox (default PORT + 1000; 0 picks a free one). */
  PAYSTACK_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * AI writing: any OpenAI-compatible chat endpoint (DESIGN.md §9). Unset outside production: a local
   * sandbox runs instead; unset in production: AI writing is off and nothing is charged.
   */
  AI_BASE_URL: z.string().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  /** Port of the local AI sandbox (default PORT + 2000; 0 picks a free one). */
  AI_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * The local AI sandbox started for an unset AI_BASE_URL is a stand-in: its text is sample text and
   * costs nothing. 'charge' makes it charge credits as a real writing service does (end-to-end tests
   * of paying for AI writing).
   */
  AI_SANDBOX_BILLING: z.enum(['free', 'charge']).default('free'),
  /**
   * Drive files in an S3-compatible store (DESIGN.md §9) when endpoint, bucket and both keys are set;
   * otherwise on local disk under DATA_DIR/files.
   */
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'HOST'> & {
  HOST: string;
  isProduction: boolean;
  allowedOrigins: string[];
  /** ADMIN_EMAILS, trimmed and lower-cased. */
  adminEmails: string[];
  /** AI writing goes to the local stand-in: sample text, free (set when it starts; see AI_SANDBOX_BILLING). */
  aiStandIn: boolean;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.parse(env);
  const origin = parsed.APP_ORIGIN ?? `http://localhost:${parsed.PORT}`;
  const isProduction = parsed.NODE_ENV === 'production';
  return {
    ...parsed,
    // Outside production nothing should be reachable from another machine (the dev mailbox, the
    // demo account): listen on loopback unless told otherwise.
    HOST: parsed.HOST || (isProduction ? '0.0.0.0' : '127.0.0.1'),
    APP_ORIGIN: origin,
    isProduction,
    aiStandIn: false,
    adminEmails: parsed.ADMIN_EMAILS.split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    allowedOrigins: [
      origin,
      ...parsed.ALLOWED_ORIGINS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ],
  };
}

/** A value Express's `trust proxy` setting takes: none, a hop count, or addresses and ranges. */
export type TrustProxy = false | number | string[];

const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Express wants it, or null when it is not valid. `true` is refused on purpose:
 * it makes the left-most X-Forwarded-For entry, which any client can write, the client's address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? false : hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isProxyEntry) ? entries : null;
}

function isProxyEntry(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const slash = entry.indexOf('/');
  if (slash === -1) return isIP(entry) !== 0;
  const address = entry.slice(0, slash);
  const range = entry.slice(slash + 1);
  const family = isIP(address);
  if (family === 0) return false;
  // A prefix length, or (IPv4) a dotted netmask such as 255.255.255.0.
  if (/^\d+$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}
