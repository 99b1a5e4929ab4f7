import { describe, expect, it } from 'vitest';
import { replicatedNameList } from '../../schema/replicated.js';
import { apiAreas, areaContext, areaSockets, areas, jobAreas, mailTemplates, startHooks } from '../api/areas.js';
import { paymentRegistry, type PaymentClaim } from '../payments/claims.js';

const claim = (prefix: string): PaymentClaim => ({ prefix, settle: async () => 'handled' });

describe('the area list', () => {
  it('names each area once', () => {
    const ids = areas.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('mounts the routes in the order some of them depend on', () => {
    expect(areas.filter((a) => a.routes?.length).map((a) => a.id)).toEqual([
      'health',
      'auth',
      'workspaces',
      'contact',
      'mail-consent',
      'exchange-rates',
      'sync',
      'billing',
      'drive',
      'projects',
      'pos',
      'invoices',
      'marketplace',
      'events',
      'classifieds',
      'content',
      'ai',
      'bookings',
      'seo',
      'dev',
      'crm',
      'notifications',
    ]);
    expect(apiAreas).toHaveLength(22);
  });

  it('gives every replicated collection the rules of exactly one area', () => {
    for (const name of replicatedNameList) {
      expect(
        areas.filter((a) => a.rules && name in a.rules).map((a) => a.id),
        name,
      ).toHaveLength(1);
      expect(areaContext.rules[name]).toBeDefined();
    }
  });

  it('derives the job queue, the start-up and the sitemap from the areas', () => {
    // Every area's jobs, and the one outbox that sends every area's mail.
    expect(jobAreas).toHaveLength(areas.flatMap((a) => a.jobs ?? []).length + 1);
    expect(jobAreas.length).toBeGreaterThanOrEqual(10);
    expect(startHooks).toHaveLength(2);
    expect(areaContext.seo).toHaveLength(6);
  });

  it("sends each area's mail with the templates it names, as '<area>.<name>'", () => {
    const named = areas.flatMap((a) => Object.keys(a.mails ?? {}).map((name) => `${a.id}.${name}`));
    expect(Object.keys(mailTemplates).sort()).toEqual([...named].sort());
    expect(areas.filter((a) => a.mails).map((a) => a.id)).toEqual([
      'invoices',
      'marketplace',
      'events',
      'classifieds',
      'bookings',
      'notifications',
    ]);
  });

  it('hands each paid reference to the area whose checkout made it', () => {
    const byArea = (reference: string) => areas.find((a) => a.payments && a.payments === areaContext.payments.claimOf(reference))?.id;
    expect(byArea('vkinv_0a1b')).toBe('invoices');
    expect(byArea('vktkt_0a1b')).toBe('events');
    expect(byArea('vkord_0a1b')).toBe('marketplace');
    expect(byArea('vkbk_0a1b')).toBe('bookings');
    // The account's own payments are billing's, and a stranger's reference is nobody's.
    expect(areaContext.payments.claimOf('vk_0a1b')).toBeUndefined();
    expect(areaContext.payments.claimOf('someone-else')).toBeUndefined();
    expect(areaContext.payments.refundHandlers.map((c) => c.prefix)).toEqual(['vkord_']);
  });

  it('releases each kind of held mail to the area that holds it', () => {
    const holder = (kind: string) => areas.find((a) => a.heldMail && a.heldMail === areaContext.heldMail[kind])?.id;
    expect(Object.keys(areaContext.heldMail).sort()).toEqual(['booking', 'ticket']);
    expect(holder('booking')).toBe('bookings');
    expect(holder('ticket')).toBe('events');
  });

  it("starts the projects' documents socket beside the core live channel", () => {
    expect(areas.filter((a) => a.sockets?.length).map((a) => a.id)).toEqual(['projects']);
    expect(areaSockets).toHaveLength(1);
  });
});

describe('the payment registry', () => {
  it('refuses two claims whose prefixes overlap', () => {
    expect(() => paymentRegistry([claim('vkx_'), claim('vkx_a')])).toThrow(/overlap/);
    expect(() => paymentRegistry([claim('vkx_'), claim('vkx_')])).toThrow(/overlap/);
    expect(paymentRegistry([claim('vkx_'), claim('vky_')]).claimOf('vky_1')?.prefix).toBe('vky_');
  });
});
