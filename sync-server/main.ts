import { createServer } from 'node:http';
import { createApp } from './app.js';
import type { AppDeps } from './deps.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { createLogger } from './logger.js';
import { outboxMailer, smtpMailer } from './mail/mailer.js';
import { startDevSandbox } from './payments/dev-sandbox.js';
import { startDevAi } from './ai/dev-ai.js';
import { startHooks } from './api/areas.js';
import { demoAccount, demoSeedPlan, seedDemo } from './seed/demo.js';
import { attachSockets } from './sockets.js';
import { grantAdminByEmail } from './api/auth/users.repo.js';
import { startJobs } from './jobs/jobs.js';

/** Starts app + API on PORT with the configured database. */
export async function start() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(db, config.MAIL_FROM);
  const paystackSandbox = await startDevSandbox(config, log);
  const aiSandbox = await startDevAi(config, log);
  const deps: AppDeps = { config, db, mailer, log, now: () => new Date() };
  const server = createServer(createApp(deps));
  const sockets = await attachSockets(server, deps);
  const demo = demoSeedPlan(config);
  if (demo.warning) log.warn(demo.warning);
  if (demo.seed && (await seedDemo(deps))) {
    log.info(`Demo workspace created. Sign in as ${demoAccount.email} / ${demoAccount.password}`);
  }
  const admins = await grantAdminByEmail(db, config.adminEmails);
  if (admins > 0) log.info(`${admins} account(s) named in ADMIN_EMAILS made admin`);
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  paystackSandbox?.attach(typeof address === 'object' && address ? address.port : config.PORT);
  // What the areas run beside the requests (their sweepers), each stopped at shutdown.
  const running = startHooks.map((start) => start(deps));
  const jobs = await startJobs(deps);
  log.info(`Vuka is running on http://localhost:${config.PORT} (${db.driver}), listening on ${config.HOST}`);
  const stop = async () => {
    await sockets.close();
    await jobs.stop();
    for (const hook of running) hook.stop();
    await paystackSandbox?.sandbox.close();
    await aiSandbox?.close();
    server.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return { server, db };
}

await start();
