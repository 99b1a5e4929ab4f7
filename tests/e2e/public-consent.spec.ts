import { expect, test, type Page } from '@playwright/test';

test.use({ serviceWorkers: 'block' });

const banner = (page: Page) => page.getByTestId('cookie-consent');
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('vuka-cookie-consent') ?? 'null'));
/** The builds under test configure no analytics or pixel ids, so no tag may ever load. */
const tagScripts = (page: Page) =>
  page.locator('script#vuka-analytics-script, script#vuka-marketing-script, script[src*="googletagmanager"], script[src*="fbevents"]');

test('consent is asked until chosen; Accept All grants analytics and marketing and persists', async ({ page }) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Accept All' })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Reject All' })).toBeVisible();
  await page.goto('/pricing');
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await stored(page)).toMatchObject({ necessary: true, analytics: true, marketing: true });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(tagScripts(page)).toHaveCount(0);
});

test('Reject All keeps only necessary cookies and loads no tag', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Reject All' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await stored(page)).toMatchObject({ necessary: true, analytics: false, marketing: false });
  await page.reload();
  await expect(banner(page)).toHaveCount(0);
  await expect(tagScripts(page)).toHaveCount(0);
});

test('Settings: necessary always on, Back, and Save Settings stores the toggles', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Settings' }).click();
  const necessary = banner(page).getByRole('switch', { name: 'Necessary' });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  await expect(banner(page).getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
  await expect(banner(page).getByRole('switch', { name: 'Marketing' })).not.toBeChecked();
  await banner(page).getByRole('button', { name: 'Back' }).click();
  await expect(banner(page).getByRole('button', { name: 'Accept All' })).toBeVisible();
  await banner(page).getByRole('button', { name: 'Settings' }).click();
  await banner(page).getByRole('switch', { name: 'Analytics' }).check();
  await banner(page).getByRole('button', { name: 'Save Settings' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await stored(page)).toMatchObject({ necessary: true, analytics: true, marketing: false });

  // The footer's Cookie Settings reopens the toggles with the stored choice.
  await page.reload();
  await page.locator('footer').getByRole('button', { name: 'Cookie Settings' }).click();
  await expect(banner(page).getByRole('switch', { name: 'Analytics' })).toBeChecked();
  await banner(page).getByRole('switch', { name: 'Analytics' }).uncheck();
  await banner(page).getByRole('switch', { name: 'Marketing' }).check();
  await banner(page).getByRole('button', { name: 'Save Settings' }).click();
  expect(await stored(page)).toMatchObject({ analytics: false, marketing: true });
  await expect(tagScripts(page)).toHaveCount(0);
});

test('the desktop notice shows to phone visitors only and stays dismissed', async ({ page }) => {
  await page.goto('/');
  const notice = page.getByRole('note', { name: 'Best viewed on desktop' });
  if ((page.viewportSize()?.width ?? 1280) >= 768) {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notice).toHaveCount(0);
    return;
  }
  await expect(notice).toContainText('best viewed on a desktop');
  await notice.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

/**
 * The notice sits at the top of the page, in its flow: the first screen's main action and Create
 * Account are never under it, wherever the person has scrolled to meet them (the bottom edge of a
 * phone's screen included).
 */
test('the cookie notice never covers Create Account or the landing’s first button', async ({ page }, info) => {
  const mainActions: ReadonlyArray<readonly [string, ReturnType<Page['getByRole']>]> = [
    ['/', page.getByRole('link', { name: 'Launch Your Business' }).first()],
    ['/auth?tab=register', page.getByRole('button', { name: 'Create Account' })],
  ];
  for (const [path, action] of mainActions) {
    await page.goto(path);
    await expect(banner(page)).toBeVisible();
    await expect(action).toBeVisible();
    const reachable = await action.evaluate((el) => {
      const hitAt = () => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && (hit === el || el.contains(hit));
      };
      // As first seen, then scrolled so it sits at the bottom edge of the screen.
      const atFirst = el.getBoundingClientRect().bottom > innerHeight || hitAt();
      el.scrollIntoView({ block: 'end', behavior: 'instant' });
      return atFirst && hitAt();
    });
    expect(reachable, path).toBe(true);
    await page.screenshot({ path: `tests/screenshots/consent-${info.project.name}-${path === '/' ? 'landing' : 'register'}.png` });
  }
});
