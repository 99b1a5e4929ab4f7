import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** One control that a fixed or sticky element covers, as the overlap check reports it. */
export interface Collision {
  control: string;
  coveredBy: string;
}

/**
 * Every visible control of the page (buttons, links, fields, labels), each scrolled to the middle of
 * the viewport as a person would scroll to it, checked at its centre: what the browser would hit
 * there must be the control itself (or inside it, or its own label), never a fixed or sticky element
 * laid over it. Runs in the page; returns what is covered and by what. `within` limits the check to
 * the controls inside the elements it selects.
 */
export function coveredControls(page: Page, within = 'body'): Promise<Collision[]> {
  return page.evaluate((scope) => {
    const describe = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const id = el.getAttribute('data-testid') ?? el.id;
      return `${el.tagName.toLowerCase()}${id ? `#${id}` : ''}${text ? ` "${text}"` : ''}`;
    };
    /** The nearest fixed or sticky ancestor (or the element itself), if any. */
    const pinned = (el: Element | null): Element | null => {
      for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
        const position = getComputedStyle(e).position;
        if (position === 'fixed' || position === 'sticky') return e;
      }
      return null;
    };
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, label, [role=button], [role=switch], [role=tab]';
    const controls = [...document.querySelectorAll(scope)]
      .flatMap((root) => [...root.querySelectorAll(selector)])
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const css = getComputedStyle(el);
        // Visually hidden inputs (a styled checkbox's real input) are reached through their label.
        return (
          box.width >= 4 &&
          box.height >= 4 &&
          css.visibility !== 'hidden' &&
          Number(css.opacity) > 0.05 &&
          !el.closest('[aria-hidden=true]')
        );
      });
    const found: { control: string; coveredBy: string }[] = [];
    for (const el of controls) {
      // A control inside a fixed element (the cookie banner's own buttons) is checked against others.
      const home = pinned(el);
      // Scrolling and the hit test below both work on the current layout: no frame needs to pass.
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || el.contains(hit) || hit.contains(el)) continue;
      if (el instanceof HTMLLabelElement && el.control && (el.control === hit || el.control.contains(hit))) continue;
      if (hit instanceof HTMLLabelElement && hit.control === el) continue;
      const cover = pinned(hit);
      if (!cover || cover === home) continue;
      found.push({ control: describe(el), coveredBy: describe(cover) });
    }
    window.scrollTo(0, 0);
    return found;
  }, within);
}

/**
 * What spills out of its box: the page wider than the screen (a phone would scroll sideways), or a
 * block whose content is wider than itself without scrolling or clipping (a long name running out
 * of its card).
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > innerWidth + 1) found.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const el of document.body.querySelectorAll('*')) {
      const css = getComputedStyle(el);
      if (!/^(block|flex|grid|inline-block|list-item|table-cell)$/.test(css.display) || css.overflowX !== 'visible') continue;
      if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1) continue;
      // Only the innermost such block: its ancestors overflow because of it.
      if ([...el.children].some((c) => (c as HTMLElement).scrollWidth > (c as HTMLElement).clientWidth + 1 && c.clientWidth > 0)) continue;
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      found.push(
        `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${text}" (${el.scrollWidth} > ${el.clientWidth})`,
      );
    }
    return found;
  });
}

/** Serious and critical accessibility violations on the page as it stands (axe-core). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 4)
          .join(', ')}`,
    );
}

/** Waits until the page has settled: its main heading shows and no loading text is left. */
export async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/**
 * With a modal dialog open: what outside it assistive technology can still reach (neither hidden
 * nor inert), other than live regions (toasts, announcements), which must stay audible.
 */
export async function exposedOutsideDialog(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // The dialog's overlay (its portal under <body>) holds the dialog and its own dismiss control.
    let overlay = document.querySelector('[role=dialog]');
    while (overlay?.parentElement && overlay.parentElement !== document.body) overlay = overlay.parentElement;
    const reachable = 'a[href],button,input,select,textarea,[tabindex],h1,h2,h3,p,li,img';
    return Array.from(document.body.querySelectorAll(reachable))
      .filter((el) => !overlay?.contains(el))
      .filter((el) => !el.closest('[aria-hidden=true],[inert],[aria-live],[aria-label^=Notifications]'))
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
  });
}
