// Starts the app for the end-to-end suite: a fresh database, mail over SMTP to the test SMTP server
// the suite starts (tests/e2e/global-setup.ts) on E2E_SMTP_PORT. The database is the embedded one
// (PGlite) in a fresh data folder; with E2E_DATABASE_URL set to a PostgreSQL server, a new database
// on that server, dropped when the run ends.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const port = process.env.E2E_PORT ?? '3100';
const smtpPort = process.env.E2E_SMTP_PORT ?? '2526';
const dataDir = mkdtempSync(join(tmpdir(), 'vuka-e2e-'));

/** Runs one statement on the server's maintenance connection. */
async function onServer(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const serverUrl = process.env.E2E_DATABASE_URL ?? '';
let databaseUrl = '';
let dropDatabase = async () => {};
if (serverUrl) {
  const name = `vuka_e2e_${port}_${Date.now()}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
}

const child = spawn('npx', ['tsx', 'sync-server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    RATE_LIMITS: 'off',
    // Admins, one per Playwright project and spec (classifieds.spec.ts and ai.spec.ts register and verify them).
    ADMIN_EMAILS: 'admin-desktop@e2e.vuka.test,admin-phone@e2e.vuka.test,admin-ai-desktop@e2e.vuka.test,admin-ai-phone@e2e.vuka.test',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    // Card payments go to the local Paystack sandbox, on a free port of its own.
    PAYSTACK_SECRET_KEY: '',
    PAYSTACK_SANDBOX_PORT: '0',
    // AI writing goes to the local OpenAI-compatible sandbox, on a free port of its own, charging
    // credits as a writing service does.
    AI_BASE_URL: '',
    AI_SANDBOX_PORT: '0',
    AI_SANDBOX_BILLING: process.env.E2E_AI_SANDBOX_BILLING || 'charge',
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => void dropDatabase().then(() => process.exit(code ?? 0)));
