import { describe, expect, it } from 'vitest';
import { ANALYTICS_SCRIPT_ID, applyConsent, MARKETING_SCRIPT_ID, scriptsFor, type ScriptHost, type TagScript } from './tracking';

const ids = { analyticsId: 'G-TEST123', marketingPixelId: '1234567890' };

function fakeHost(): ScriptHost & { scripts: TagScript[] } {
  const scripts: TagScript[] = [];
  return { scripts, has: (id) => scripts.some((s) => s.id === id), append: (s) => scripts.push(s) };
}

describe('analytics and marketing tags load only with consent (spec §4)', () => {
  it('no stored consent loads nothing', () => {
    expect(scriptsFor(null, ids)).toEqual([]);
    const host = fakeHost();
    applyConsent(null, ids, host, null);
    expect(host.scripts).toEqual([]);
  });

  it('Reject All (only necessary) loads nothing', () => {
    const host = fakeHost();
    applyConsent({ analytics: false, marketing: false }, ids, host, null);
    expect(host.scripts).toEqual([]);
  });

  it('Accept All loads the analytics and the marketing tag once', () => {
    const host = fakeHost();
    applyConsent({ analytics: true, marketing: true }, ids, host, null);
    applyConsent({ analytics: true, marketing: true }, ids, host, null);
    expect(host.scripts.map((s) => s.id)).toEqual([ANALYTICS_SCRIPT_ID, MARKETING_SCRIPT_ID]);
    expect(host.scripts[0].src).toContain('id=G-TEST123');
  });

  it('Settings with only analytics loads only the analytics tag', () => {
    const host = fakeHost();
    applyConsent({ analytics: true, marketing: false }, ids, host, null);
    expect(host.scripts.map((s) => s.id)).toEqual([ANALYTICS_SCRIPT_ID]);
  });

  it('with no ids configured (the default) even full consent loads nothing', () => {
    const host = fakeHost();
    applyConsent({ analytics: true, marketing: true }, {}, host, null);
    expect(host.scripts).toEqual([]);
  });
});
