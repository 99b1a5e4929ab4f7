import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addComment,
  addTask,
  deleteTask,
  descriptionOf,
  moveTask,
  readTasks,
  tasksMap,
  updateTask,
} from '../../../app/features/projects/project-doc.js';
import { projectDetail, projectDocName, projectPriorities, taskStatuses } from '../../../schema/projects/projects.js';
import { tasksOf } from './yjs/materialise.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { eventually } from '../../../tests/support/sync-clients.js';
import { prng } from '../../../tests/support/sync-random.js';
import {
  accessCookie,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  twoHandles,
  type SyncTestServer,
} from '../../../tests/support/sync-server.js';
import { YClient } from '../../../tests/support/yjs-clients.js';

/** Seeds that once failed, each kept as a named test (none yet). */
const regressionSeeds: { seed: number; steps: number }[] = [];
const randomSeeds = process.env.YJS_FUZZ_SEED
  ? [Number(process.env.YJS_FUZZ_SEED)]
  : Array.from({ length: Number(process.env.YJS_FUZZ_RUNS ?? 2) }, () => Math.floor(Math.random() * 2 ** 31));
const STEPS = Number(process.env.YJS_FUZZ_STEPS ?? 120);
const words = ['Paint', 'Order', 'Call', 'Fix', 'Count', 'Deliver', 'Sign', 'Clean'];

type Rng = ReturnType<typeof prng>;

/** One random action of one client; returns what it did, for the log printed on failure. */
async function randomStep(c: YClient, user: number, rng: Rng): Promise<string> {
  const roll = rng.next();
  if (roll < 0.1) {
    if (c.ws) {
      await c.disconnect();
      return 'offline';
    }
    await c.connect();
    return 'online';
  }
  const tasks = readTasks(c.doc);
  if (roll < 0.3 || tasks.length === 0) return `add ${addTask(c.doc, { title: `${rng.pick(words)} ${rng.int(100)}`, reporter: user })}`;
  const task = rng.pick(tasks);
  if (roll < 0.55) {
    const status = rng.pick(taskStatuses);
    const index = rng.int(tasks.length + 1);
    moveTask(c.doc, task.id, status, index, { id: user, name: 'Tester' });
    return `move ${task.id} ${status} ${index}`;
  }
  if (roll < 0.7) {
    const text = descriptionOf(c.doc, task.id);
    const at = rng.int((text?.length ?? 0) + 1);
    text?.insert(at, rng.pick(words));
    if (text && text.length > 20 && rng.next() < 0.3) text.delete(rng.int(text.length - 5), 5);
    return `type ${task.id} @${at}`;
  }
  if (roll < 0.85) {
    const patch = {
      title: rng.next() < 0.5 ? `${rng.pick(words)} ${rng.int(100)}` : undefined,
      priority: rng.pick(projectPriorities),
      due: rng.next() < 0.5 ? `2026-12-${String(1 + rng.int(28)).padStart(2, '0')}` : null,
    };
    updateTask(c.doc, task.id, patch, { id: user, name: 'Tester' });
    return `edit ${task.id}`;
  }
  if (roll < 0.93) {
    addComment(c.doc, task.id, { body: 'Noted', author: user, name: 'Tester' });
    return `comment ${task.id}`;
  }
  deleteTask(c.doc, task.id);
  return `delete ${task.id}`;
}

for (const target of testDatabases()) {
  describe(`randomised Yjs convergence through two instances on ${target.name}`, () => {
    let handles: Awaited<ReturnType<typeof twoHandles>>;
    let one: SyncTestServer;
    let two: SyncTestServer;

    beforeAll(async () => {
      handles = await twoHandles(target);
      one = await startSyncTestServer(handles.first);
      two = await startSyncTestServer(handles.second);
    });
    afterAll(async () => {
      await one.close();
      await two.close();
      await handles.close();
    });

    async function run(seed: number, steps = STEPS) {
      console.log(`yjs convergence seed ${seed} on ${target.name}`);
      const rng = prng(seed);
      const users = [await seedUser(handles.first, { plan: 'pro' }), await seedUser(handles.first), await seedUser(handles.first)];
      const workspace = await seedWorkspace(handles.first, users[0], users.slice(1));
      const ownerApi = syncApi(one.url, await accessCookie(one.deps, users[0]));
      const created = projectDetail.parse((await ownerApi.post(`/api/workspaces/${workspace}/projects`, { name: `Fuzz ${seed}` })).body);
      for (const u of users.slice(1)) await ownerApi.post(`/api/workspaces/${workspace}/projects/${created.id}/members`, { user_id: u });
      const doc = projectDocName(workspace, created.id);
      const servers = [one, two, one];
      const clients = await Promise.all(
        users.map(async (u, i) => new YClient(servers[i].url, doc, await accessCookie(servers[i].deps, u))),
      );
      const log: string[] = [];
      try {
        for (const c of clients) await c.connect();
        for (let step = 0; step < steps; step++) {
          const i = rng.int(clients.length);
          log.push(`${i}: ${await randomStep(clients[i], users[i], rng)}`);
          if (rng.next() < 0.2) await new Promise((r) => setTimeout(r, rng.int(20)));
        }
        for (const c of clients) if (!c.ws) await c.connect();
        await eventually(() => {
          const [first, ...rest] = clients.map((c) => ({
            vector: Buffer.from(Y.encodeStateVector(c.doc)).toString('hex'),
            tasks: tasksMap(c.doc).toJSON(),
          }));
          for (const other of rest) expect(other).toEqual(first);
        }, 30_000);
        await one.settled();
        await two.settled();
        await one.settled();
        const stored = await handles.first.query<Record<string, unknown>>(
          `SELECT id::text, title, status, priority, sort_order, assignee_id, reporter_id, labels, to_char(due_date, 'YYYY-MM-DD') AS due_date
             FROM project_tasks WHERE workspace_id = $1 AND project_id = $2 ORDER BY id`,
          [workspace, created.id],
        );
        expect(stored).toEqual(tasksOf(clients[0].doc));
        // A fresh client loading the stored document sees the same board.
        const late = new YClient(two.url, doc, await accessCookie(two.deps, users[0]));
        await late.connect();
        await late.whenSynced();
        await eventually(() => expect(tasksMap(late.doc).toJSON()).toEqual(tasksMap(clients[0].doc).toJSON()));
        late.destroy();
      } catch (err) {
        console.log(`seed ${seed} failed after:\n${log.join('\n')}`);
        throw err;
      } finally {
        for (const c of clients) c.destroy();
      }
    }

    for (const { seed, steps } of regressionSeeds) it(`seed ${seed} (a past failure) converges`, () => run(seed, steps), 120_000);
    for (const seed of randomSeeds) it(`random seed ${seed} converges`, () => run(seed), 120_000);
  });
}
