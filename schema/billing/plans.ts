import type { PlanCode } from '../accounts/accounts.js';
import { brand } from '../brand.js';

/** spec §9: the default storage quota, 10 GiB; the paid plan's storage. */
export const DEFAULT_STORAGE_BYTES = 10 * 1024 * 1024 * 1024;
/** The free plan's storage: the spec shows no figure for it, so 1 GiB. */
export const FREE_STORAGE_BYTES = 1024 * 1024 * 1024;

/** The numbers a plan is held to; `null` means unlimited. Keys match CapabilitiesDto['limits']. */
export interface PlanLimits {
  workspaces: number | null;
  products: number | null;
  classifieds: number | null;
  events: number | null;
  aiCreditsPerMonth: number;
  storageBytes: number | null;
  teamMembers: number | null;
  /**
   * Invoices, quotes, credit notes and their reminders the server e-mails for a workspace in one of
   * its calendar days. Always a number: every such mail goes to an address a member typed, so even
   * the paid plan is held to one, or a workspace could be used to mail strangers without end.
   */
  documentMailsPerDay: number;
}

export interface PlanFeatures {
  socialScheduling: boolean;
  apiAccess: boolean;
}

export interface Plan {
  code: PlanCode;
  name: string;
  badge: string;
  mostPopular: boolean;
  /** Monthly price in ZAR cents (fees are quoted in ZAR). */
  priceZarCents: number;
  /** Reference price in USD, used by structured data. */
  priceUsd: number;
  limits: PlanLimits;
  features: PlanFeatures;
  /** How the plan's support and social media read on the pricing pages. */
  text: { support: string; socialMedia: string };
}

/**
 * spec §1 "Plans", as data: the pricing page renders it and the server's capabilities derive from it,
 * so the two can never disagree.
 */
export const plans: Record<PlanCode, Plan> = {
  free: {
    code: 'free',
    name: 'Mahala',
    badge: 'Free',
    mostPopular: false,
    priceZarCents: 0,
    priceUsd: 0,
    limits: {
      workspaces: 1,
      products: 10,
      classifieds: 10,
      events: 5,
      aiCreditsPerMonth: 5,
      storageBytes: FREE_STORAGE_BYTES,
      teamMembers: null,
      documentMailsPerDay: 20,
    },
    features: { socialScheduling: false, apiAccess: false },
    text: { support: 'Community', socialMedia: 'Profile connection only, no scheduling' },
  },
  pro: {
    code: 'pro',
    name: brand.product,
    badge: 'Pro',
    mostPopular: true,
    priceZarCents: 49_900,
    priceUsd: 29,
    limits: {
      workspaces: null,
      products: null,
      classifieds: null,
      events: null,
      aiCreditsPerMonth: 100,
      storageBytes: DEFAULT_STORAGE_BYTES,
      teamMembers: null,
      documentMailsPerDay: 200,
    },
    features: { socialScheduling: true, apiAccess: true },
    // spec §2 contact FAQ: support from the in-dashboard help center or by e-mail.
    text: { support: 'Help center and e-mail', socialMedia: 'Scheduling' },
  },
};

/** spec §1: the Pro plan's free trial, no credit card needed. */
export const PRO_TRIAL_DAYS = 30;

/** When a Pro trial started at `start` ends. */
export function trialEnd(start: Date): Date {
  return new Date(start.getTime() + PRO_TRIAL_DAYS * 86_400_000);
}

/** Storage as people read it: 1073741824 → "1 GB", 10737418240 → "10 GB" (binary units, as quotas are). */
export function storageLabel(bytes: number | null): string {
  if (bytes === null) return 'Unlimited';
  const gib = bytes / 1024 ** 3;
  if (gib >= 1) return `${Number.isInteger(gib) ? gib : gib.toFixed(1)} GB`;
  return `${Math.round(bytes / 1024 ** 2)} MB`;
}

/** How a limit reads in a sentence: "1 workspace", "10 classified listings". */
export const limitNouns = {
  workspaces: ['workspace', 'workspaces'],
  products: ['product', 'products'],
  classifieds: ['classified listing', 'classified listings'],
  events: ['event', 'events'],
  aiCreditsPerMonth: ['AI credit per month', 'AI credits per month'],
  teamMembers: ['team member', 'team members'],
  documentMailsPerDay: ['document e-mailed a day', 'documents e-mailed a day'],
} as const satisfies Record<Exclude<keyof PlanLimits, 'storageBytes'>, readonly [string, string]>;
