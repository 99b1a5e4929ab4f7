import { z } from 'zod';
import { text } from '../kit/input.js';

export const planCode = z.enum(['free', 'pro']);
export type PlanCode = z.infer<typeof planCode>;

/** `/register?plan=` accepts lite or free for the free plan and pro for the paid one (spec §6). */
export const registerPlan = z.enum(['free', 'lite', 'pro']);

/** The signed-in user as the client sees it (spec §3 "User": name, profileImage, isAdmin, …). */
export const userDto = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  full_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  title: z.string().nullable(),
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  profileImage: z.string().nullable(),
  isAdmin: z.boolean(),
  verified: z.boolean(),
  credits: z.number().int(),
  plan: planCode,
  /** ISO time the Pro trial ends, when on a trial. */
  trialEndsAt: z.string().nullable(),
  hasPassword: z.boolean(),
  created_at: z.string(),
});
export type UserDto = z.infer<typeof userDto>;

export const profileUpdate = z
  .object({
    full_name: text().trim().min(2, 'Name must be at least 2 characters').max(255),
    username: text()
      .trim()
      .max(100)
      .regex(/^[a-z0-9_.-]*$/i, 'Use letters, numbers, dots, dashes or underscores')
      .nullable(),
    title: text().trim().max(255).nullable(),
    bio: text().trim().max(2000).nullable(),
    phone: text().trim().max(32).nullable(),
    avatar_url: text().trim().url('Enter a full web address').max(2000).nullable(),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdate>;

export const sessionCheck = z.object({
  authenticated: z.boolean(),
  /** Epoch milliseconds the access cookie expires, when there is a live one. */
  accessExpiresAt: z.number().nullable(),
  /** Whether a refresh would succeed (a live, unrevoked refresh token). */
  refreshable: z.boolean(),
});
