import { z } from 'zod';

/** Every environment variable Vuka reads (README lists them). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
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
  /** Extra script origins for the CSP (space separated), e.g. analytics loaded after consent. */
  CSP_SCRIPT_SOURCES: z.string().default(''),
  /** Card payments (Paystack). Unset key outside production: a local sandbox runs instead. */
  PAYSTACK_BASE_URL: z.string().default('https://api.paystack.co'),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  /** Port of the local Paystack sandbox (default PORT + 1000; 0 picks a free one). */
  PAYSTACK_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

export type Config = z.infer<typeof envSchema> & {
  isProduction: boolean;
  allowedOrigins: string[];
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.parse(env);
  const origin = parsed.APP_ORIGIN ?? `http://localhost:${parsed.PORT}`;
  return {
    ...parsed,
    APP_ORIGIN: origin,
    isProduction: parsed.NODE_ENV === 'production',
    allowedOrigins: [origin, ...parsed.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean)],
  };
}
