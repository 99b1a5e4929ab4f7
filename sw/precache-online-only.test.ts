import { describe, expect, it } from 'vitest';
import { globTest, onlineOnlyFiles, type BuildChunk } from './precache-online-only';

describe('files only online pages need', () => {
  const manifest: Record<string, BuildChunk> = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_button-b.js'] },
    'features/marketplace/pages.ts': { file: 'assets/pages-c.js', isDynamicEntry: true, imports: ['_market-layout-d.js', '_button-b.js'] },
    'features/events/public-event-page.tsx': {
      file: 'assets/public-event-page-e.js',
      isDynamicEntry: true,
      imports: ['_market-layout-d.js'],
    },
    'features/pos/pos-page.tsx': { file: 'assets/pos-page-f.js', isDynamicEntry: true, imports: ['_money-g.js'] },
    '_market-layout-d.js': {
      file: 'assets/market-layout-d.js',
      imports: ['_market.css-h.js'],
      css: ['assets/market-h.css', 'assets/theme-i.css'],
    },
    '_market.css-h.js': { file: 'assets/market.css-h.js', css: ['assets/market-h.css'] },
    '_button-b.js': { file: 'assets/button-b.js', css: ['assets/theme-i.css'] },
    '_money-g.js': { file: 'assets/money-g.js', imports: ['_market.css-h.js'] },
  };
  const online = globTest(['assets/pages-*.js', 'assets/public-event-page-*.js']);

  it('leaves out what only online pages import, with styles only they use; keeps what an installed page needs', () => {
    const files = onlineOnlyFiles(manifest, online);
    expect([...files].sort()).toEqual(['assets/market-layout-d.js', 'assets/pages-c.js', 'assets/public-event-page-e.js']);
    // The till imports market.css too, so it and its style stay; the shared theme stays.
    expect(files.has('assets/market.css-h.js')).toBe(false);
    expect(files.has('assets/market-h.css')).toBe(false);
    expect(files.has('assets/theme-i.css')).toBe(false);
  });

  it('a style every user of which is online-only goes too', () => {
    const withoutTill = { ...manifest, '_money-g.js': { file: 'assets/money-g.js' } };
    const files = onlineOnlyFiles(withoutTill, online);
    expect(files.has('assets/market.css-h.js')).toBe(true);
    expect(files.has('assets/market-h.css')).toBe(true);
    expect(files.has('assets/theme-i.css')).toBe(false);
  });

  it('reads the build’s ignore globs as Workbox does', () => {
    const test = globTest(['**/screenshots/**', '.vite/**', 'assets/pages-*.js']);
    expect(test('assets/pages-DHqskb2u.js')).toBe(true);
    expect(test('assets/pages.js')).toBe(false);
    expect(test('assets/sub/pages-x.js')).toBe(false);
    expect(test('.vite/manifest.json')).toBe(true);
    expect(test('img/screenshots/a.png')).toBe(true);
  });
});
