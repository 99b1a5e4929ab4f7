import type { z } from 'zod';
import type { registerPlan } from '../../../schema/accounts/accounts';
import { returnPath } from '../../routes/return-path';
import { oneOf, searchOf, text, type Checked } from '../../routes/search-params';

export const authTabs = ['login', 'register', 'reset-password'] as const;
export type AuthTab = (typeof authTabs)[number];

const plan = oneOf(['free', 'lite', 'pro'] as const satisfies readonly z.infer<typeof registerPlan>[]);

/**
 * `/auth` search params: the tab, the plan carried from /register?plan=, the social sign-in outcome,
 * the app path to open once signed in (`redirect`, same-origin only) and an address to fill in.
 */
export const authSearch = searchOf({
  tab: oneOf(authTabs),
  plan,
  social: oneOf(['verify', 'error']),
  redirect: returnPath(),
  email: text(320),
});
export type AuthSearch = Checked<typeof authSearch>;

export const registerSearch = searchOf({ plan });

export const resetPasswordSearch = searchOf({ token: text() });
