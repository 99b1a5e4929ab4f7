import { z } from 'zod';
import { registerPlan } from '../../../schema/accounts';

export const authTabs = ['login', 'register', 'reset-password'] as const;
export type AuthTab = (typeof authTabs)[number];

/** `/auth` search params: the tab, the plan carried from /register?plan=, and the social sign-in outcome. */
export const authSearch = z.object({
  tab: z.enum(authTabs).optional().catch(undefined),
  plan: registerPlan.optional().catch(undefined),
  social: z.enum(['verify', 'error']).optional().catch(undefined),
});
export type AuthSearch = z.infer<typeof authSearch>;

export const registerSearch = z.object({ plan: registerPlan.optional().catch(undefined) });

export const resetPasswordSearch = z.object({ token: z.string().optional().catch(undefined) });
