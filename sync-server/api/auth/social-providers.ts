import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { socialProvider } from '../../../schema/auth/contract.js';
import { HttpError } from '../../http/errors.js';

export type Provider = z.infer<typeof socialProvider>;

interface ProviderSettings {
  label: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
  /** X requires PKCE (S256) and HTTP Basic client authentication at the token endpoint. */
  pkce: boolean;
}

export function providerSettings(config: Config, provider: Provider): ProviderSettings {
  if (provider === 'facebook') {
    return {
      label: 'Facebook',
      clientId: config.FACEBOOK_CLIENT_ID,
      clientSecret: config.FACEBOOK_CLIENT_SECRET,
      authUrl: config.FACEBOOK_AUTH_URL,
      tokenUrl: config.FACEBOOK_TOKEN_URL,
      userinfoUrl: config.FACEBOOK_USERINFO_URL,
      scope: 'email,public_profile',
      pkce: false,
    };
  }
  return {
    label: 'X',
    clientId: config.X_CLIENT_ID,
    clientSecret: config.X_CLIENT_SECRET,
    authUrl: config.X_AUTH_URL,
    tokenUrl: config.X_TOKEN_URL,
    userinfoUrl: config.X_USERINFO_URL,
    scope: 'users.read tweet.read',
    pkce: true,
  };
}

/** The providers whose client id and secret are both set: the only ones a sign-in can complete with. */
export function configuredProviders(config: Config): Provider[] {
  const all: Provider[] = ['facebook', 'twitter'];
  return all.filter((p) => {
    const settings = providerSettings(config, p);
    return Boolean(settings.clientId && settings.clientSecret);
  });
}

export function configuredProvider(config: Config, provider: Provider): ProviderSettings & { clientId: string } {
  const settings = providerSettings(config, provider);
  const { clientId } = settings;
  if (!clientId) throw new HttpError(503, `${settings.label} sign-in is not configured`, { code: 'not_configured' });
  return { ...settings, clientId };
}

export function redirectUri(config: Config, provider: Provider): string {
  return `${config.APP_ORIGIN}/api/auth/${provider}/callback`;
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function authorizationUrl(
  config: Config,
  provider: Provider,
  settings: ProviderSettings & { clientId: string },
  state: string,
  verifier: string,
): string {
  const url = new URL(settings.authUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', redirectUri(config, provider));
  url.searchParams.set('scope', settings.scope);
  url.searchParams.set('state', state);
  if (settings.pkce) {
    url.searchParams.set('code_challenge', pkceChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

const tokenResponse = z.object({ access_token: z.string().min(1) });

/** Facebook answers `{id, name, email?}`; X answers `{data: {id, name, username, confirmed_email?}}`. */
const profileResponse = z.union([
  z.object({
    data: z.object({
      id: z.string(),
      name: z.string().optional(),
      username: z.string().optional(),
      email: z.string().optional(),
      confirmed_email: z.string().optional(),
    }),
  }),
  z.object({ id: z.string(), name: z.string().optional(), email: z.string().optional() }),
]);

export interface SocialProfile {
  id: string;
  name: string | null;
  /** Only a provider-confirmed address; null when the provider gave none. */
  email: string | null;
}

const emailShape = z.string().trim().toLowerCase().email();

function cleanEmail(value: string | undefined): string | null {
  const parsed = emailShape.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Authorization-code exchange (form POST), then the user-info call with the bearer token. */
export async function fetchProfile(
  config: Config,
  provider: Provider,
  settings: ProviderSettings & { clientId: string },
  code: string,
  verifier: string,
): Promise<SocialProfile> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri(config, provider),
    client_id: settings.clientId,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (settings.pkce) {
    form.set('code_verifier', verifier);
    if (settings.clientSecret) {
      const basic = Buffer.from(`${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`);
      headers.authorization = `Basic ${basic.toString('base64')}`;
    }
  } else if (settings.clientSecret) {
    form.set('client_secret', settings.clientSecret);
  }
  const tokenRes = await fetch(settings.tokenUrl, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(10_000) });
  if (!tokenRes.ok) throw new Error(`${provider} token endpoint answered ${tokenRes.status}`);
  const { access_token } = tokenResponse.parse(await tokenRes.json());

  const infoRes = await fetch(settings.userinfoUrl, {
    headers: { authorization: `Bearer ${access_token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!infoRes.ok) throw new Error(`${provider} user-info endpoint answered ${infoRes.status}`);
  const info = profileResponse.parse(await infoRes.json());
  if ('data' in info) {
    const d = info.data;
    return { id: d.id, name: d.name ?? d.username ?? null, email: cleanEmail(d.confirmed_email ?? d.email) };
  }
  return { id: info.id, name: info.name ?? null, email: cleanEmail(info.email) };
}
