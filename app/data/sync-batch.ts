import {
  pullManyResponse,
  pullResponse,
  pushManyResponse,
  pushResponse,
  type PullResponse,
  type PushResponse,
  type PushRow,
  type SyncCheckpoint,
} from '../../schema/sync/contract.js';

type Send = (path: string, init?: RequestInit) => Promise<unknown>;
type Body = (value: unknown) => Promise<{ headers: Record<string, string>; body: BodyInit }>;

interface Waiting<Req, Res> {
  collection: string;
  request: Req;
  resolve: (value: Res) => void;
  reject: (reason: unknown) => void;
}

/** How long a live pull waits at most for the other pulls its notice started. */
const URGENT_MS = 10;

/** The requests of one workspace gathered in one short window. */
class Gathering<Req, Res> {
  readonly items: Waiting<Req, Res>[] = [];
  /** Set once a live pull joined and waits for the others of its notice. */
  urgent = false;
  constructor(public timer: ReturnType<typeof setTimeout>) {}
}

/**
 * Gathers the pulls (and the pushes) that the replications of one workspace start within a few
 * milliseconds of each other, and sends them as one request: a live notice about three collections, a
 * reconnect that catches up on all of them, or a sale pushing its order and its stock movements. A
 * lone request goes to its collection's own endpoint, as it would without this.
 */
export class SyncBatcher {
  private pulls = new Map<number, Gathering<{ checkpoint: SyncCheckpoint; limit: number }, PullResponse>>();
  /** Per workspace, the collections a live notice named whose pulls are on their way. */
  private expected = new Map<number, Set<string>>();
  private pushes = new Map<number, Gathering<PushRow[], PushResponse>>();

  constructor(
    private readonly send: Send,
    private readonly body: Body,
    private readonly windowMs = 6,
  ) {}

  /**
   * `now`: the pull answers a live notice, and a change on another device is waiting for it: it goes at
   * once with whatever is gathering, unless the notice named other collections (`expect`) whose pulls
   * have not joined yet: a sale's order, stock movements and products then go as one request.
   */
  pull(workspace: number, collection: string, checkpoint: SyncCheckpoint, limit: number, now = false): Promise<PullResponse> {
    return this.enqueue(
      this.pulls,
      workspace,
      collection,
      { checkpoint, limit },
      (items) => {
        this.expected.delete(workspace);
        return this.sendPulls(workspace, items);
      },
      now,
      (items) => [...(this.expected.get(workspace) ?? [])].every((c) => items.some((i) => i.collection === c)),
    );
  }

  /**
   * A live notice named these collections of a workspace: their pulls (each replication reaches its
   * handler in its own time) are held for one another, so they go as one request as soon as the last
   * has asked, or after a few milliseconds at most.
   */
  expect(workspace: number, collections: readonly string[]): void {
    if (collections.length < 2 || this.windowMs <= 0) return;
    this.expected.set(workspace, new Set([...(this.expected.get(workspace) ?? []), ...collections]));
  }

  push(workspace: number, collection: string, rows: PushRow[]): Promise<PushResponse> {
    return this.enqueue(this.pushes, workspace, collection, rows, (items) => this.sendPushes(workspace, items));
  }

  private enqueue<Req, Res>(
    map: Map<number, Gathering<Req, Res>>,
    workspace: number,
    collection: string,
    request: Req,
    flush: (items: Waiting<Req, Res>[]) => Promise<void>,
    now = false,
    complete: (items: Waiting<Req, Res>[]) => boolean = () => true,
  ): Promise<Res> {
    return new Promise<Res>((resolve, reject) => {
      // No window: every request goes alone, to its collection's own endpoint.
      if (this.windowMs <= 0) {
        void flush([{ collection, request, resolve, reject }]);
        return;
      }
      let gathering = map.get(workspace);
      // One collection appears once per request: a second ask for it starts the next request.
      if (gathering?.items.some((i) => i.collection === collection)) {
        clearTimeout(gathering.timer);
        map.delete(workspace);
        void flush(gathering.items);
        gathering = undefined;
      }
      const flushDue = () => {
        const due = map.get(workspace);
        if (!due) return;
        map.delete(workspace);
        void flush(due.items);
      };
      if (!gathering) {
        gathering = new Gathering<Req, Res>(setTimeout(flushDue, this.windowMs));
        map.set(workspace, gathering);
      }
      gathering.items.push({ collection, request, resolve, reject });
      if (!now) return;
      // A live pull never waits out the window: it goes as soon as every pull its notice started has
      // joined (with whatever else is gathering), else after URGENT_MS at most.
      if (complete(gathering.items)) {
        clearTimeout(gathering.timer);
        map.delete(workspace);
        void flush(gathering.items);
      } else if (!gathering.urgent) {
        clearTimeout(gathering.timer);
        gathering.timer = setTimeout(flushDue, Math.min(URGENT_MS, this.windowMs));
        gathering.urgent = true;
      }
    });
  }

  private async sendPulls(workspace: number, items: Waiting<{ checkpoint: SyncCheckpoint; limit: number }, PullResponse>[]) {
    try {
      const [only] = items;
      if (items.length === 1 && only) {
        const { checkpoint: cp, limit } = only.request;
        const q = `workspace=${workspace}&seq=${cp.seq}&id=${encodeURIComponent(cp.id)}&limit=${limit}`;
        only.resolve(pullResponse.parse(await this.send(`/api/sync/${only.collection}/pull?${q}`)));
        return;
      }
      const asked = items.map((i) => ({
        collection: i.collection,
        seq: i.request.checkpoint.seq,
        id: i.request.checkpoint.id,
        limit: i.request.limit,
      }));
      const answers = pullManyResponse.parse(
        await this.send(`/api/sync/pull?workspace=${workspace}`, { method: 'POST', ...(await this.body(asked)) }),
      );
      settle(items, answers);
    } catch (err) {
      for (const i of items) i.reject(err);
    }
  }

  private async sendPushes(workspace: number, items: Waiting<PushRow[], PushResponse>[]) {
    try {
      const [only] = items;
      if (items.length === 1 && only) {
        const path = `/api/sync/${only.collection}/push?workspace=${workspace}`;
        only.resolve(pushResponse.parse(await this.send(path, { method: 'POST', ...(await this.body(only.request)) })));
        return;
      }
      const sent = items.map((i) => ({ collection: i.collection, rows: i.request }));
      const answers = pushManyResponse.parse(
        await this.send(`/api/sync/push?workspace=${workspace}`, { method: 'POST', ...(await this.body(sent)) }),
      );
      settle(items, answers);
    } catch (err) {
      for (const i of items) i.reject(err);
    }
  }
}

function settle<Req, Res>(items: Waiting<Req, Res>[], answers: Array<Res & { collection: string }>) {
  for (const item of items) {
    const answer = answers.find((a) => a.collection === item.collection);
    if (answer) item.resolve(answer);
    else item.reject(new Error(`The server did not answer for ${item.collection}`));
  }
}
