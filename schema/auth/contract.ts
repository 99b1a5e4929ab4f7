import { z } from 'zod';
import { text } from '../kit/input.js';
import { profileUpdate, registerPlan, sessionCheck, userDto } from '../accounts/accounts.js';
import {
  loginForm,
  messages,
  registerForm,
  resetPasswordForm,
  resetRequestForm,
  socialEmailForm,
  verificationCodeForm,
} from '../kit/forms.js';
import { endpoint, okBody } from '../kit/http.js';

export const socialProvider = z.enum(['facebook', 'twitter']);

const changePassword = z
  .object({
    currentPassword: text().min(1, 'Enter your current password'),
    password: text().min(6, messages.passwordMin),
    confirmPassword: text(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: messages.passwordsMatch, path: ['confirmPassword'] });

/** Session and account endpoints (spec §7 "Session", "Auth"). */
export const authContract = {
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    body: registerForm.and(z.object({ plan: registerPlan.optional() })),
    response: z.object({ user: userDto }),
  }),
  login: endpoint({ method: 'POST', path: '/api/auth/login', body: loginForm, response: z.object({ user: userDto }) }),
  logout: endpoint({ method: 'POST', path: '/api/auth/logout', response: okBody }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/auth/refresh',
    response: z.object({ message: z.string(), accessExpiresAt: z.number() }),
  }),
  checkSession: endpoint({ method: 'GET', path: '/api/auth/check-session', response: sessionCheck }),
  currentUser: endpoint({ method: 'GET', path: '/api/auth/user', response: userDto }),
  updateProfile: endpoint({ method: 'PATCH', path: '/api/auth/user', body: profileUpdate, response: userDto }),
  changePassword: endpoint({ method: 'POST', path: '/api/auth/change-password', body: changePassword, response: okBody }),
  deleteAccount: endpoint({
    method: 'POST',
    path: '/api/auth/delete-account',
    body: z.object({ password: text().optional(), confirm: z.literal('DELETE', { error: 'Type DELETE to confirm' }) }),
    response: okBody,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/api/auth/verify-email',
    body: verificationCodeForm,
    response: z.object({ message: z.string(), user: userDto }),
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/api/auth/resend-verification',
    response: z.object({ message: z.string(), canResend: z.boolean(), secondsRemaining: z.number().int() }),
  }),
  requestReset: endpoint({ method: 'POST', path: '/api/auth/request-reset', body: resetRequestForm, response: okBody }),
  resetPassword: endpoint({ method: 'POST', path: '/api/auth/reset-password', body: resetPasswordForm, response: okBody }),
  /** The social sign-in providers this server is configured for: the sign-in page shows only their buttons. */
  socialProviders: endpoint({
    method: 'GET',
    path: '/api/auth/social/providers',
    response: z.object({ providers: z.array(socialProvider) }),
  }),
  socialAuthUrl: endpoint({
    method: 'GET',
    path: '/api/auth/:provider/auth',
    params: z.object({ provider: socialProvider }),
    /** The app path to come back to once signed in; one that is not a path of this app is ignored. */
    query: z.object({ redirect: text(2000).optional() }),
    response: z.object({ auth_url: z.string() }),
  }),
  /** Social sign-up without an e-mail from the provider: send a code to the address the user gives. */
  socialSendCode: endpoint({
    method: 'POST',
    path: '/api/auth/social/send-code',
    body: z.object({ email: text().trim().email(messages.invalidEmail) }),
    response: z.object({ message: z.string(), canResend: z.boolean(), secondsRemaining: z.number().int() }),
  }),
  verifySocialEmail: endpoint({
    method: 'POST',
    path: '/auth/verify-social-email',
    body: socialEmailForm,
    response: z.object({ user: userDto }),
  }),
} as const;
