import { clientLimitAddress } from '../../http/client-address.js';
import { Router, type Request } from 'express';
import type { AreaContext } from '../../areas/area.js';
import type { AppDeps } from '../../deps.js';
import { authContract, socialProvider } from '../../../schema/auth/contract.js';
import { mount } from '../../http/route.js';
import * as auth from './auth.service.js';
import { checkSession, clearSessionCookies, endSession, refreshSession, requireLiveUser, startSession } from './session.service.js';
import { socialAuthUrl, socialCallback, socialSendCode, verifySocialEmail } from './social.service.js';
import { configuredProviders } from './social-providers.js';
import { toUserDto } from './user-dto.js';

function clientIp(req: Request): string {
  return clientLimitAddress(req);
}

/** Spec §7 Session and Auth: every endpoint of schema/auth/contract.ts, plus the OAuth callback. */
export function authRoutes(deps: AppDeps, ctx: AreaContext): Router {
  const router = Router();
  const c = authContract;

  mount(router, c.register, async ({ body }, req, res) => {
    const user = await auth.register(deps, body, clientIp(req));
    await startSession(deps, res, user.id);
    return { user: toUserDto(user) };
  });

  mount(router, c.login, async ({ body }, req, res) => {
    const user = await auth.login(deps, body, clientIp(req));
    await startSession(deps, res, user.id);
    return { user: toUserDto(user) };
  });

  mount(router, c.logout, async (_input, req, res) => {
    await endSession(deps, req, res);
    return { message: 'Logged out' };
  });

  mount(router, c.refresh, async (_input, req, res) => {
    const accessExpiresAt = await refreshSession(deps, req, res);
    return { message: 'Session refreshed', accessExpiresAt };
  });

  mount(router, c.checkSession, async (_input, req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    return checkSession(deps, req);
  });

  mount(router, c.currentUser, async (_input, req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const { sub } = await requireLiveUser(deps, req);
    return toUserDto(await auth.currentUser(deps, sub));
  });

  mount(router, c.updateProfile, async ({ body }, req) => {
    const { sub } = await requireLiveUser(deps, req);
    return toUserDto(await auth.updateProfile(deps, sub, body));
  });

  mount(router, c.changePassword, async ({ body }, req) => {
    const { sub, fam } = await requireLiveUser(deps, req);
    return auth.changePassword(deps, sub, fam, body);
  });

  mount(router, c.deleteAccount, async ({ body }, req, res) => {
    const { sub } = await requireLiveUser(deps, req);
    const out = await auth.deleteAccount(deps, sub, body, ctx.workspaceRemoved);
    clearSessionCookies(deps, res);
    return out;
  });

  mount(router, c.verifyEmail, async ({ body }, req) => {
    const { sub } = await requireLiveUser(deps, req);
    const out = await auth.verifyEmail(deps, sub, body.code, clientIp(req));
    return { message: out.message, user: toUserDto(out.user) };
  });

  mount(router, c.resendVerification, async (_input, req) => {
    const { sub } = await requireLiveUser(deps, req);
    return auth.resendVerification(deps, sub, clientIp(req));
  });

  mount(router, c.requestReset, async ({ body }, req) => {
    return { message: await auth.requestReset(deps, body.email, clientIp(req)) };
  });

  mount(router, c.resetPassword, async ({ body }, req) => {
    return { message: await auth.resetPassword(deps, body, clientIp(req)) };
  });

  mount(router, c.socialSendCode, async ({ body }, req) => {
    return socialSendCode(deps, req, body.email, clientIp(req));
  });

  mount(router, c.verifySocialEmail, async ({ body }, req, res) => {
    const user = await verifySocialEmail(deps, req, res, body, clientIp(req));
    return { user: toUserDto(user) };
  });

  mount(router, c.socialProviders, async () => ({ providers: configuredProviders(deps.config) }));

  mount(router, c.socialAuthUrl, async ({ params, query }, _req, res) => {
    return { auth_url: await socialAuthUrl(deps, res, params.provider, query.redirect) };
  });

  // The provider redirects the browser here: a plain redirect, not a JSON endpoint.
  router.get('/api/auth/:provider/callback', async (req, res) => {
    const provider = socialProvider.safeParse(req.params.provider);
    if (!provider.success) {
      res.status(404).json({ message: 'Not found' });
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, await socialCallback(deps, req, res, provider.data));
  });

  return router;
}
