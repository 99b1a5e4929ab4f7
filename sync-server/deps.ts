import type { Config } from './config.js';
import type { Db } from './db/db.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';

/** What every area's routes and services get. A file of its own, so no area imports the app factory that mounts it. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** Injectable clock so tests can move time (cooldowns, expiries). */
  now: () => Date;
}
