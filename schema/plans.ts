import type { PlanCode } from './accounts.js';
import { brand } from './brand.js';

/** spec §9: the default storage quota, 10 GiB (the paid plan's). */
export const DEFAULT_STORAGE_BYTES = 10 * 1024 * 1024 * 1024;

/** The free plan's drive: the spec shows no figure for it, so 1 GiB (issue 14). */
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
  /** What the pricing table says where the spec shows a cell; null where the spec shows none. */
  pricingText: { storage: string | null; support: string | null; socialMedia: string };
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
    },
    features: { socialScheduling: false, apiAccess: false },
    pricingText: { storage: null, support: 'Community', socialMedia: 'Profile connection only, no scheduling' },
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
    },
    features: { socialScheduling: true, apiAccess: true },
    pricingText: { storage: '10GB', support: null, socialMedia: 'Scheduling' },
  },
};

/** spec §1: the Pro plan's free trial, no credit card needed. */
export const PRO_TRIAL_DAYS = 30;

/** How a limit reads in a sentence: "1 workspace", "10 classified listings". */
export const limitNouns = {
  workspaces: ['workspace', 'workspaces'],
  products: ['product', 'products'],
  classifieds: ['classified listing', 'classified listings'],
  events: ['event', 'events'],
  aiCreditsPerMonth: ['AI credit per month', 'AI credits per month'],
  teamMembers: ['team member', 'team members'],
} as const satisfies Record<Exclude<keyof PlanLimits, 'storageBytes'>, readonly [string, string]>;
