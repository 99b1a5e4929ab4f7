import { describe, expect, it } from 'vitest';
import { changedKinds, choiceKinds, type Kinds } from './choices';
import { badgeText, bellLabel, syncTroubleText, timeAgo } from './notification-text';
import { keyBytes } from './push-subscription';
import { defaultChoice, notificationChoices } from '../../../schema/notifications/notifications';

const now = Date.parse('2026-12-07T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('the bell says how many are unread', () => {
  it('names the count for screen readers, and none when all are read', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(1)).toBe('Notifications, 1 unread');
    expect(bellLabel(0)).toBe('Notifications, none unread');
  });

  it('shows no badge at 0 and caps a long count at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('each notification says how long ago it came', () => {
  it('under a minute (or a server clock slightly ahead) is "just now"', () => {
    expect(timeAgo(ago(20_000), now)).toBe('just now');
    expect(timeAgo(ago(-5_000), now)).toBe('just now');
  });

  it('then minutes, hours and days', () => {
    expect(timeAgo(ago(60_000), now)).toBe('1 min ago');
    expect(timeAgo(ago(59 * 60_000), now)).toBe('59 min ago');
    expect(timeAgo(ago(3 * 3_600_000), now)).toBe('3 h ago');
    expect(timeAgo(ago(2 * 86_400_000), now)).toBe('2 d ago');
    expect(timeAgo(ago(7 * 86_400_000), now)).toBe('7 d ago');
  });

  it('past a week, the date', () => {
    expect(timeAgo('2026-11-20T09:00:00.000Z', now)).toBe('Nov 20, 2026');
  });

  it('an unreadable time shows nothing rather than "NaN"', () => {
    expect(timeAgo('not a date', now)).toBe('');
  });
});

describe('the choices page sends only what changed', () => {
  const saved: Kinds = notificationChoices.shape.kinds.parse(Object.fromEntries(choiceKinds.map((k) => [k, defaultChoice(k)])));

  it('nothing changed sends nothing', () => {
    expect(changedKinds(saved, { ...saved })).toEqual({});
  });

  it('a switched channel sends that kind with both channels', () => {
    const edited: Kinds = { ...saved, invoice_viewed: { email: true, push: false } };
    expect(changedKinds(saved, edited)).toEqual({ invoice_viewed: { email: true, push: false } });
  });

  it('switching back to what was saved is no change', () => {
    const edited: Kinds = { ...saved, invoice_paid: { email: false, push: false } };
    const back: Kinds = { ...edited, invoice_paid: saved.invoice_paid };
    expect(changedKinds(saved, back)).toEqual({});
  });
});

describe('the Web Push key', () => {
  it('base64url (no padding, - and _) becomes the same bytes as plain base64', () => {
    const bytes = new Uint8Array([251, 255, 190, 0, 1, 2, 3]);
    const b64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(b64url).toMatch(/[-_]/);
    expect([...keyBytes(b64url)]).toEqual([...bytes]);
  });
});

describe("the bell's line on this device's sync trouble", () => {
  it('names refused changes and conflicts, in the singular or plural, and is absent when there is none', () => {
    expect(syncTroubleText(0, 0)).toBeNull();
    expect(syncTroubleText(1, 0)).toBe('1 change on this device could not be saved. Open sync to see why.');
    expect(syncTroubleText(3, 1)).toBe('3 changes on this device could not be saved; 1 conflict to resolve. Open sync to see why.');
    expect(syncTroubleText(0, 2)).toBe('2 conflicts to resolve. Open sync to see why.');
  });
});
