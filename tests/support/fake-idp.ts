import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakeIdpUser {
  id: string;
  name?: string;
  username?: string;
  email?: string;
}

export interface FakeIdpOptions {
  /** 'facebook' answers user-info as `{id, name, email}`; 'x' as `{data: {id, name, username}}`. */
  shape: 'facebook' | 'x';
  clientId: string;
  clientSecret: string;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  user: FakeIdpUser;
  used: boolean;
}

/**
 * A small OAuth 2 authorization server on loopback speaking the real protocol: the authorize
 * endpoint redirects back with code and state; the token endpoint checks the client's credentials
 * (X: HTTP Basic; Facebook: form fields), the redirect_uri and, for X, the PKCE verifier against the
 * S256 challenge; the user-info endpoint wants the bearer token.
 */
export async function startFakeIdp(opts: FakeIdpOptions) {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, FakeIdpUser>();
  const rejections: string[] = [];
  let user: FakeIdpUser = { id: 'idp-user-1', name: 'Idp User' };

  function reject(res: ServerResponse, status: number, error: string) {
    rejections.push(error);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error }));
  }

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    const state = q.get('state');
    if (q.get('response_type') !== 'code') return reject(res, 400, 'unsupported_response_type');
    if (q.get('client_id') !== opts.clientId) return reject(res, 400, 'invalid_client');
    if (!redirectUri || !state) return reject(res, 400, 'invalid_request');
    const challenge = q.get('code_challenge');
    if (opts.shape === 'x' && (!challenge || q.get('code_challenge_method') !== 'S256')) {
      return reject(res, 400, 'pkce_required');
    }
    const code = randomBytes(16).toString('hex');
    grants.set(code, { clientId: opts.clientId, redirectUri, challenge, user, used: false });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return reject(res, 400, 'form_body_required');
    }
    const form = new URLSearchParams(await readBody(req));
    let clientId = form.get('client_id');
    let secret = form.get('client_secret');
    if (opts.shape === 'x') {
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      if (!basic) return reject(res, 401, 'basic_auth_required');
      const [id, pw] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id);
      secret = decodeURIComponent(pw ?? '');
    }
    if (clientId !== opts.clientId || secret !== opts.clientSecret) return reject(res, 401, 'invalid_client');
    if (form.get('grant_type') !== 'authorization_code') return reject(res, 400, 'unsupported_grant_type');
    const grant = grants.get(form.get('code') ?? '');
    if (!grant || grant.used) return reject(res, 400, 'invalid_grant');
    grant.used = true;
    if (form.get('redirect_uri') !== grant.redirectUri) return reject(res, 400, 'redirect_uri_mismatch');
    if (grant.challenge !== null) {
      const verifier = form.get('code_verifier') ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (computed !== grant.challenge) return reject(res, 400, 'pkce_mismatch');
    }
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, grant.user);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ access_token: accessToken, token_type: 'bearer', expires_in: 3600 }));
  }

  function userinfo(req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const who = bearer ? tokens.get(bearer[1]) : undefined;
    if (!who) return reject(res, 401, 'invalid_token');
    const body =
      opts.shape === 'x'
        ? { data: { id: who.id, name: who.name, username: who.username ?? 'idp_user' } }
        : { id: who.id, name: who.name, ...(who.email ? { email: who.email } : {}) };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://idp.local');
    if (req.method === 'GET' && url.pathname === '/authorize') return authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/token') {
      token(req, res).catch(() => reject(res, 500, 'server_error'));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/me') return userinfo(req, res);
    reject(res, 404, 'not_found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    authUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    userinfoUrl: `${base}/me`,
    /** Errors the IdP answered, newest last (a test can assert the app was refused and why). */
    rejections,
    /** Who "signs in" at the provider next. */
    signInAs(next: FakeIdpUser) {
      user = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
