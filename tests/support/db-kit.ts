import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import type { Db } from '../../sync-server/db/db.js';
import type { CollectionName } from '../../app/data/db.js';
import { testDatabases, type TestDatabase } from './databases.js';
import { Device } from './sync-clients.js';
import { startTestServer, type TestServer } from './server.js';
import { syncWorkspaceSuite, type SyncWorkspace } from './sync-server.js';

/**
 * The shared kit for an area's database tests, which live beside the area (`sync-server/api/<area>/`):
 * one suite per test database (PGlite always, PostgreSQL when DATABASE_URL is set), and a workspace
 * on a running sync server with its owner signed in, and devices syncing it that close after each test.
 */

export { eventually, Device } from './sync-clients.js';
export { testDatabases, type TestDatabase } from './databases.js';
export { seedUser, seedWorkspace, accessCookie, syncApi, openSyncDatabase, startSyncTestServer } from './sync-server.js';

/** `body` once per test database, in a describe block named `<title> on <database>`. */
export function forEachDatabase(title: string, body: (target: TestDatabase) => void): void {
  for (const target of testDatabases()) describe(`${title} on ${target.name}`, () => body(target));
}

/** A sync suite's workspace (see `syncWorkspaceSuite`), with devices on it. */
export interface DeviceWorkspace extends SyncWorkspace {
  /** A device signed in as the owner, syncing `collections` of the workspace; closed after the test. */
  device(label: string): Promise<Device>;
}

export function deviceWorkspaceSuite(target: TestDatabase, collections: readonly CollectionName[]): DeviceWorkspace {
  const suite = syncWorkspaceSuite(target) as DeviceWorkspace;
  const open: Device[] = [];
  suite.device = async (label) => {
    const d = await new Device({
      baseUrl: suite.server.url,
      userId: suite.owner,
      cookie: suite.cookie,
      workspaces: [suite.ws],
      label,
      collections,
    }).start();
    open.push(d);
    return d;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((d) => d.close()));
  });
  return suite;
}

/** A test database with the app's server on it, for an API suite: opened before its tests, closed after. */
export interface ServerSuite {
  readonly db: Db;
  readonly server: TestServer;
}

export function serverSuite(target: TestDatabase): ServerSuite {
  const suite: { db?: Db; server?: TestServer } = {};
  beforeAll(async () => {
    suite.db = await target.open();
    suite.server = await startTestServer(suite.db);
  });
  afterAll(async () => {
    await suite.server?.close();
    await suite.db?.close();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The suite is used before its database opened');
    return value;
  };
  return {
    get db() {
      return opened(suite.db);
    },
    get server() {
      return opened(suite.server);
    },
  };
}
