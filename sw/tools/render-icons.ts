/**
 * Draws the PWA icons from sw/tools/vuka-mark.ts into app/public (run after changing the mark):
 *   npx tsx sw/tools/render-icons.ts
 * Uses the machine's Chromium through Playwright so the PNGs match what browsers draw.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { markSvg, shortcutSvg } from './vuka-mark';

const publicDir = join(process.cwd(), 'app', 'public');

const pngs: { file: string; size: number; svg: (size: number) => string }[] = [
  { file: 'icons/icon-192.png', size: 192, svg: (s) => markSvg('rounded', s) },
  { file: 'icons/icon-512.png', size: 512, svg: (s) => markSvg('rounded', s) },
  { file: 'icons/icon-maskable-512.png', size: 512, svg: (s) => markSvg('full-bleed', s) },
  // iOS rounds the corners itself and shows transparency as black: full bleed, a little more room.
  { file: 'icons/apple-touch-icon.png', size: 180, svg: (s) => markSvg('full-bleed', s, 0.8) },
  { file: 'icons/shortcut-pos-96.png', size: 96, svg: (s) => shortcutSvg('pos', s) },
  { file: 'icons/shortcut-invoice-96.png', size: 96, svg: (s) => shortcutSvg('invoice', s) },
];

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const icon of pngs) {
      await page.setViewportSize({ width: icon.size, height: icon.size });
      await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${icon.svg(icon.size)}</body></html>`);
      const png = await page.locator('svg').screenshot({ omitBackground: true });
      writeFileSync(join(publicDir, icon.file), png);
      console.log(`wrote app/public/${icon.file} (${icon.size}px, ${png.length} bytes)`);
    }
    writeFileSync(join(publicDir, 'favicon.svg'), `${markSvg('rounded', 32)}\n`);
    console.log('wrote app/public/favicon.svg');
  } finally {
    await browser.close();
  }
}

await main();
