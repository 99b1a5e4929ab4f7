import { describe, expect, it } from 'vitest';
import { clickTarget, notificationToShow, pushedNotification, unreadablePush, windowToUse } from './push';

const origin = 'https://vuka.test';

describe('a pushed notification', () => {
  it('is shown with its title and body, tagged by its id, and carries its link', () => {
    const n = pushedNotification({ id: 'n-1', title: 'Invoice INV-7 was paid', body: 'R 120.00', link: '/workspace/4/invoices/9' });
    const [title, options] = notificationToShow(n);
    expect(title).toBe('Invoice INV-7 was paid');
    expect(options).toMatchObject({ body: 'R 120.00', tag: 'n-1', data: { link: '/workspace/4/invoices/9' } });
  });

  it('that cannot be read still shows something, as the browser requires', () => {
    for (const data of [null, 'text', 42, {}, { id: 'x', title: '', link: '/' }, { id: 'x', title: 'T' }]) {
      expect(pushedNotification(data), JSON.stringify(data)).toEqual(unreadablePush);
    }
    expect(pushedNotification({ id: 'x', title: 'T', link: '/a' })).toEqual({ id: 'x', title: 'T', body: '', link: '/a' });
  });
});

describe('a click on a notification', () => {
  it('opens its link inside the app, and nothing outside it', () => {
    expect(clickTarget({ link: '/workspace/4/invoices/9?tab=paid' }, origin)).toBe(`${origin}/workspace/4/invoices/9?tab=paid`);
    for (const link of ['//evil.test/x', 'https://evil.test/', 'javascript:alert(1)', 'relative', 7]) {
      expect(clickTarget({ link }, origin), String(link)).toBe(`${origin}/`);
    }
    expect(clickTarget(undefined, origin)).toBe(`${origin}/`);
  });

  it('takes a window already showing the page, else the focused one, else any', () => {
    const a = { url: `${origin}/a`, focused: false };
    const b = { url: `${origin}/b`, focused: true };
    const c = { url: `${origin}/c`, focused: false };
    expect(windowToUse([a, b, c], `${origin}/c`)).toBe(c);
    expect(windowToUse([a, b, c], `${origin}/d`)).toBe(b);
    expect(windowToUse([a, c], `${origin}/d`)).toBe(a);
    expect(windowToUse([], `${origin}/d`)).toBeUndefined();
  });
});
