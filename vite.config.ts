import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precacheBudget } from './sw/precache-budget.js';
import { skipOnlineOnly } from './sw/precache-online-only.js';
import { pwaIcons, webManifest } from './sw/web-manifest.js';

/** Favicon and home-screen icon links in the HTML head (vite-plugin-pwa adds the manifest link). */
function pwaHeadLinks(): Plugin {
  return {
    name: 'vuka:pwa-head-links',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'icon', href: pwaIcons.favicon, type: 'image/svg+xml' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: pwaIcons.appleTouch }, injectTo: 'head' },
    ],
  };
}

// The PDF maker (pdf-lib, about 400 KiB) is not part of a first install: an invoice page
// fetches it as it opens with a signal, and the service worker keeps it (sw/cache-policy.ts).
// The online areas' pages (the marketplace, public events and tickets, classifieds, the
// storefront's settings) need the network to show anything (a seller's orders, kept on the device
// as last read, are installed): fetched when opened and kept by
// the worker's chunk cache, they stay out of the first install.
const globIgnores = [
  '**/screenshots/**',
  // The app's icons are read by the browser when it installs the app (online), never by a page:
  // they stay out of the install, which keeps its room for code that must work offline.
  'icons/**',
  '.vite/**',
  'assets/document-pdf-file-*.js',
  'assets/pages-*.js',
  'assets/browse-page-*.js',
  'assets/listing-public-page-*.js',
  'assets/public-event-page-*.js',
  'assets/public-events-page-*.js',
  'assets/ticket-page-*.js',
  'assets/storefront-settings-page-*.js',
  'assets/post-ad-page-*.js',
  'assets/new-listing-page-*.js',
  'assets/inquiry-page-*.js',
  'assets/reports-page-*.js',
  // The reports (issue 37) read only the device database, but the install has no room for them:
  // fetched when first opened and kept with their styles by the chunk cache, they then open offline.
  // Their charts (uPlot) load apart, so the tables show offline even where the charts never loaded.
  'assets/sales-reports-page-*.js',
  'assets/report-chart-*.js',
  // The door camera's QR reader where the browser has none (zxing-wasm): loaded when someone first
  // presses "Scan with camera", then kept by the chunk cache with its WebAssembly (which no glob
  // above precaches), so the door scans offline from then on.
  'assets/zxing-reader-*.js',
  // Date, time and colour pickers (issue 37 §13): react-aria's date and colour code is larger than
  // the install has room for. A form shows the browser's own input until they load; the chunk cache
  // then keeps them (app/ui/date-fields.tsx, app/ui/color-swatch-picker.tsx).
  'assets/date-pickers-*.js',
  'assets/color-swatches-*.js',
  // The organiser's event screens and the seller's ad screens read the server (the door screen,
  // which works offline, stays in): fetched when first opened, then kept by the chunk cache.
  'assets/events-page-*.js',
  'assets/event-page-*.js',
  'assets/tickets-page-*.js',
  'assets/registrations-page-*.js',
  'assets/classifieds-page-*.js',
  'assets/listing-page-*.js',
  // Content, the magazine, AI writing and bookings' setup read (or, for AI, need) the server
  // too. The diary works offline (issue 20), so it is part of the install.
  'assets/content-page-*.js',
  'assets/editor-page-*.js',
  'assets/use-content-*.js',
  'assets/magazine-page-*.js',
  'assets/article-page-*.js',
  'assets/ai-pages-*.js',
  'assets/prompts-page-*.js',
  'assets/use-ai-*.js',
  'assets/services-page-*.js',
  'assets/booking-page-*.js',
  'assets/manage-booking-page-*.js',
  'assets/services-list-page-*.js',
  // Plans, credits and cards are paid through the card partner; a customer's invoice link, and the
  // admins' credit adjustments, read the server: none of them can do anything offline.
  'assets/account-billing-pages-*.js',
  'assets/workspace-billing-pages-*.js',
  'assets/public-invoice-page-*.js',
  'assets/public-quote-page-*.js',
  // An invitation is accepted on the server, and opened from an e-mail while online.
  'assets/accept-invitation-page-*.js',
  // A person's settings (password, plan, notification choices) are kept on the server: the page is
  // fetched when first opened and then kept by the chunk cache, so its device choices (theme, data
  // saver) still open offline after that. The bell's panel is fetched as soon as the bell shows
  // with a signal, and the chunk cache keeps it for opening offline.
  'assets/account-settings-page-*.js',
  'assets/notification-choices-*.js',
  'assets/notification-panel-*.js',
  // A new workspace is numbered by the server: its form can do nothing offline.
  'assets/create-workspace-page-*.js',
  // Who is on a project is changed on the server: the screen is fetched when first opened.
  'assets/project-members-*.js',
  'assets/admin-credits-page-*.js',
  // A link from an e-mail (confirm an address, accept an invitation, set a new password) acts on
  // the server the moment it opens: there is nothing it could do offline.
  'assets/mail-confirm-page-*.js',
  // The welcome after registering asks for the e-mailed code, which only the server can check.
  'assets/welcome-page-*.js',
  'assets/reset-password-page-*.js',
];

/** Where this build writes (`--outDir` may move it: a release built beside the suite's one). */
let builtTo = fileURLToPath(new URL('./dist', import.meta.url));
function recordOutDir(): Plugin {
  return {
    name: 'vuka:out-dir',
    configResolved: (config) => {
      builtTo = resolve(config.root, config.build.outDir);
    },
  };
}

export default defineConfig({
  root: 'app',
  publicDir: 'public',
  plugins: [
    react(),
    vanillaExtractPlugin(),
    pwaHeadLinks(),
    recordOutDir(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '../sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // CSP is `script-src 'self'`: no injected inline script; app/shell/pwa registers the worker.
      injectRegister: false,
      manifest: webManifest,
      // Icons are in the glob below (with their sizes, for the budget); listing them twice would not help.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        globIgnores,
        // Chunks and styles only those pages import stay out too (sw/precache-online-only.ts).
        manifestTransforms: [skipOnlineOnly(() => builtTo, globIgnores), precacheBudget()],
        minify: true,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: bench/bundle-size.ts reads which chunks each entry needs.
    manifest: true,
    modulePreload: {
      // The entry lazily imports every route's page. Listing each page's chunks for preloading put
      // some 3 800 file references in the landing page's own chunk, growing it with every route. The
      // entry's lazy pages load their chunks as they import them (and the service worker keeps them
      // all once installed); lazy imports inside other chunks keep their preload lists.
      resolveDependencies: (_file, deps, { hostId, hostType }) => (hostType === 'js' && /(^|\/)index-[\w-]+\.js$/.test(hostId) ? [] : deps),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  test: {
    root: '.',
    include: ['{schema,sync-server,app,sw,tests/integration,tests/security}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One process per worker runs file after file: the server, zod and PGlite's WebAssembly load once
    // per worker instead of once per file (about half the run's time). Each suite still opens its own
    // databases and servers, so no state passes from one file to the next.
    isolate: false,
    // Vitest leaves a core free by default; the suites wait on their databases as much as they compute.
    maxWorkers: 2,
    globalSetup: ['tests/support/database-templates.ts'],
  },
});
