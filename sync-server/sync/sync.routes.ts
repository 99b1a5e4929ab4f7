import { Router } from 'express';
import { syncContract, type PullManyResponse, type PushManyResponse, type PushRow } from '../../schema/sync/contract.js';
import { RECORDS } from '../../schema/sync/records.js';
import { replicatedByName, type ReplicatedEntity } from '../../schema/replicated.js';
import type { AreaContext } from '../areas/area.js';
import type { AppDeps } from '../deps.js';
import { numberSeriesReport, reserveNumberBlock, setSeriesStart } from '../api/number-blocks/number-blocks.service.js';
import { notFound } from '../http/errors.js';
import { requireSession, requireUser } from '../http/auth-context.js';
import { JsonText, mount } from '../http/route.js';
import { pullChanges } from './pull.service.js';
import { pushChanges } from './push.service.js';
import { checkAssumedStates } from './assumed-state.js';
import { selectRecordsFeedJson } from './records/records.feed.js';
import { checkRecordsAssumedStates, pushRecords } from './records/records.push.js';

function entityOf(name: string) {
  const entity = replicatedByName(name);
  if (!entity) throw notFound('Unknown collection');
  return entity;
}

/** `records` holds every kind in its kind's own table: its feed and its push go through `records/`. */
const isRecords = (entity: ReplicatedEntity) => entity.name === RECORDS;
const feedOf = (entity: ReplicatedEntity) => (isRecords(entity) ? selectRecordsFeedJson : undefined);
const pushOf = (entity: ReplicatedEntity) => (isRecords(entity) ? pushRecords : pushChanges);
const checkAssumed = (entity: ReplicatedEntity, rows: PushRow[]) =>
  isRecords(entity) ? checkRecordsAssumedStates(rows) : checkAssumedStates(entity, rows);

/** Replication endpoints (DESIGN.md §5) and number-block reservations. */
export function syncRoutes(deps: AppDeps, ctx: AreaContext): Router {
  const router = Router();

  mount(router, syncContract.pull, async ({ params, query }, req) => {
    const entity = entityOf(params.collection);
    const session = await requireSession(deps, req);
    return pullChanges(deps, {
      entity,
      session,
      workspaceId: query.workspace,
      seq: query.seq,
      id: query.id,
      limit: query.limit,
      feed: feedOf(entity),
    });
  });

  mount(router, syncContract.push, async ({ params, query, body }, req) => {
    const entity = entityOf(params.collection);
    checkAssumed(entity, body);
    const session = await requireSession(deps, req);
    return pushOf(entity)(deps, { entity, rules: ctx.rules, caller: { session }, workspaceId: query.workspace, rows: body });
  });

  // Several collections at once, each exactly as its own request would be (the same checks, in turn).
  mount(router, syncContract.pullMany, async ({ query, body }, req) => {
    const session = await requireSession(deps, req);
    const parts: string[] = [];
    for (const pull of body) {
      const entity = entityOf(pull.collection);
      const page = await pullChanges(deps, { entity, session, workspaceId: query.workspace, ...pull, feed: feedOf(entity) });
      parts.push(`{"collection":${JSON.stringify(pull.collection)},${page.text.slice(1)}`);
    }
    return new JsonText<PullManyResponse>(`[${parts.join(',')}]`);
  });

  mount(router, syncContract.pushMany, async ({ query, body }, req) => {
    const session = await requireSession(deps, req);
    for (const push of body) checkAssumed(entityOf(push.collection), push.rows);
    const results: PushManyResponse = [];
    for (const push of body) {
      const entity = entityOf(push.collection);
      const result = await pushOf(entity)(deps, {
        entity,
        rules: ctx.rules,
        caller: { session },
        workspaceId: query.workspace,
        rows: push.rows,
      });
      results.push({ collection: push.collection, ...result });
    }
    return results;
  });

  mount(router, syncContract.reserveNumbers, async ({ params, body }, req) => {
    const userId = await requireUser(deps, req);
    return reserveNumberBlock(deps, {
      workspaceId: params.id,
      userId,
      deviceId: body.device_id,
      series: body.series,
      size: body.size,
      requestId: body.request_id,
    });
  });

  mount(router, syncContract.numberSeries, async ({ params }, req) =>
    numberSeriesReport(deps, { workspaceId: params.id, userId: await requireUser(deps, req) }),
  );

  mount(router, syncContract.setSeriesStart, async ({ params, body }, req) =>
    setSeriesStart(deps, {
      workspaceId: params.id,
      userId: await requireUser(deps, req),
      series: params.series,
      nextNumber: body.next_number,
    }),
  );

  return router;
}
