import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { plans } from '../../schema/billing/plans.js';
import { assertFeature, assertWithinLimit, capabilitiesFor, workspaceOwner } from './capabilities.js';

const now = new Date('2026-03-01T12:00:00Z');
const later = new Date('2026-03-20T00:00:00Z');
const earlier = new Date('2026-02-01T00:00:00Z');

function thrown(fn: () => void): HttpError {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('expected an HttpError');
}

describe('capabilitiesFor', () => {
  it('the Mahala plan: 1 workspace, 10 products, 10 classifieds, 5 events, 5 AI credits, 1 GiB, no scheduling, no API', () => {
    expect(capabilitiesFor({ plan: 'free', planTrialEndsAt: null }, now)).toEqual({
      plan: 'free',
      trialEndsAt: null,
      limits: { workspaces: 1, products: 10, classifieds: 10, events: 5, aiCreditsPerMonth: 5, storageBytes: 1073741824 },
      features: { socialScheduling: false, apiAccess: false },
    });
  });

  it('the Pro plan: unlimited counts, 100 AI credits, 10 GiB, scheduling and API', () => {
    expect(capabilitiesFor({ plan: 'pro', planTrialEndsAt: null }, now)).toEqual({
      plan: 'pro',
      trialEndsAt: null,
      limits: { workspaces: null, products: null, classifieds: null, events: null, aiCreditsPerMonth: 100, storageBytes: 10737418240 },
      features: { socialScheduling: true, apiAccess: true },
    });
  });

  it('a running Pro trial is Pro; an ended one falls back to Mahala', () => {
    expect(capabilitiesFor({ plan: 'pro', planTrialEndsAt: later }, now)).toMatchObject({ plan: 'pro', trialEndsAt: later.toISOString() });
    expect(capabilitiesFor({ plan: 'free', planTrialEndsAt: later }, now).plan).toBe('pro');
    expect(capabilitiesFor({ plan: 'pro', planTrialEndsAt: earlier }, now)).toMatchObject({ plan: 'free', limits: { workspaces: 1 } });
    expect(capabilitiesFor({ plan: 'pro', planTrialEndsAt: now }, now).plan).toBe('free');
  });

  it("a workspace's plan is its owner's, whether the trial end comes as a date or a string", () => {
    expect(capabilitiesFor(workspaceOwner({ ownerPlan: 'pro', ownerTrialEndsAt: earlier.toISOString() }), now).plan).toBe('free');
    expect(capabilitiesFor(workspaceOwner({ ownerPlan: 'free', ownerTrialEndsAt: later }), now).plan).toBe('pro');
  });

  it('reads its numbers from the plan table the pricing page shows', () => {
    expect(capabilitiesFor({ plan: 'free', planTrialEndsAt: null }, now).limits.products).toBe(plans.free.limits.products);
    expect(plans.pro.name).toBe('Vuka');
    expect(plans.free.name).toBe('Mahala');
  });
});

describe('assertWithinLimit', () => {
  const free = capabilitiesFor({ plan: 'free', planTrialEndsAt: null }, now);
  const pro = capabilitiesFor({ plan: 'pro', planTrialEndsAt: null }, now);

  it('allows up to the limit and refuses past it with 403 plan_limit and an upgrade hint', () => {
    expect(() => assertWithinLimit(free, 'workspaces', 0)).not.toThrow();
    const err = thrown(() => assertWithinLimit(free, 'workspaces', 1));
    expect(err.status).toBe(403);
    expect(err.extra).toEqual({ code: 'plan_limit' });
    expect(err.message).toBe('The Mahala plan allows 1 workspace. Upgrade to the Vuka plan for unlimited workspaces.');
    expect(() => assertWithinLimit(free, 'products', 9)).not.toThrow();
    expect(thrown(() => assertWithinLimit(free, 'products', 10)).message).toBe(
      'The Mahala plan allows 10 products. Upgrade to the Vuka plan for unlimited products.',
    );
    expect(thrown(() => assertWithinLimit(free, 'classifieds', 10)).message).toContain('10 classified listings');
    expect(thrown(() => assertWithinLimit(free, 'events', 5)).message).toContain('5 events');
    expect(thrown(() => assertWithinLimit(free, 'aiCreditsPerMonth', 4, 2)).message).toBe(
      'The Mahala plan allows 5 AI credits per month. Upgrade to the Vuka plan for 100 AI credits per month.',
    );
  });

  it('unlimited never refuses; a limit no plan raises has no upgrade hint', () => {
    expect(() => assertWithinLimit(pro, 'products', 1_000_000)).not.toThrow();
    const err = thrown(() => assertWithinLimit(pro, 'storageBytes', 10737418240, 1));
    expect(err.message).toBe('The Vuka plan allows 10 GB of storage.');
  });

  it("storage past the Mahala plan's 1 GiB is refused, with the Vuka plan's 10 GB as the way up", () => {
    expect(() => assertWithinLimit(free, 'storageBytes', 1073741824 - 1, 1)).not.toThrow();
    const err = thrown(() => assertWithinLimit(free, 'storageBytes', 1073741824, 1));
    expect(err.message).toBe('The Mahala plan allows 1 GB of storage. Upgrade to the Vuka plan for 10 GB of storage.');
  });

  it('features the plan lacks are refused with plan_limit', () => {
    expect(() => assertFeature(pro, 'socialScheduling')).not.toThrow();
    const err = thrown(() => assertFeature(free, 'apiAccess'));
    expect(err.status).toBe(403);
    expect(err.message).toBe('The Mahala plan does not include API access. Upgrade to the Vuka plan to use it.');
  });
});
