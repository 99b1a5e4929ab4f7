import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/** End-to-end tests in Debian's Chromium against the built app served by the real server. */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two workers (E2E_WORKERS to change): the tests share one server and one mailbox, so each one names
  // its own users, workspaces and searchable things apart from every other test's.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 } },
      // What no screen size changes runs on the desktop only: leader election between tabs, the
      // service worker's caches, updates and pushes, exchange-rate rounding, country formats, Yjs
      // between devices, the receipt outbox and VAT arithmetic. Every flow a person works through on
      // a phone (the till, invoices, the planner, booking, buying) still runs at both sizes.
      testIgnore: [
        'sync-tabs.spec.ts',
        'pwa-caching.spec.ts',
        'pwa-update.spec.ts',
        'public-currency.spec.ts',
        'workspace-country.spec.ts',
        'projects-collab.spec.ts',
        'pos-receipt-email.spec.ts',
        'prices-include-vat.spec.ts',
        'web-push.spec.ts',
      ].map((name) => `**/${name}`),
    },
  ],
  webServer: {
    command: `node tests/e2e/serve.mjs`,
    cwd: '..',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port) },
  },
});
