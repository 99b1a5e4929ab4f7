import type { PushResponse, PushRow, Rejection } from '../../schema/sync/contract.js';
import { storableText } from '../../schema/kit/input.js';
import type { ReplicatedEntity } from '../../schema/replicated.js';
import type { AppDeps } from '../deps.js';
import { enterScope, type Transaction } from '../db/db.js';
import { requireLiveMembership, type Membership } from '../api/workspaces/membership.js';
import { clientView, rowToDoc, sameJson, type Doc } from './codec.js';
import { capabilitiesOf, limitRefusal } from './plan-limits.js';
import { pushHooksOf } from './push-hooks.js';
import { rejectionMessages, rulesOf, type CollectionRules, type RulesRegistry } from './collection-rules.js';
import * as repo from './sync.repo.js';

interface PushInput {
  entity: ReplicatedEntity;
  /** Every collection's server rules, from the areas that own them (`AreaContext.rules`). */
  rules: RulesRegistry;
  /**
   * Who pushes: a request's session (signature checked), whose liveness and membership are checked
   * here, or a membership the server has already checked itself (the demo seed).
   */
  caller: { session: { familyId: string; userId: number } } | { membership: Membership };
  workspaceId: number;
  rows: PushRow[];
  /** Decide every document against its stored state first (see `freshBatch`). */
  readFirst?: boolean;
}

/** A push transaction's end: every document decided, or a fresh batch inserted (see `freshBatch`). */
type Outcome = { kind: 'decided'; response: PushResponse } | { kind: 'fresh'; inserted: string[]; checked: Checked[] };

type Decision =
  | { kind: 'write'; doc: Doc; isNewLive: boolean }
  | { kind: 'noop' }
  | { kind: 'conflict'; master: Doc }
  | { kind: 'reject'; rejection: Rejection; master?: Doc };

/**
 * Applies one RxDB push batch in one transaction holding the workspace's advisory lock, so
 * server_seq numbers commit in order. Returns the server's state for every conflicting document and
 * the refused ones with a reason; everything else is stored (or was already there).
 *
 * Round trips: the session and membership check (which takes the lock for a member), the scope and
 * the read of the stored documents go out together; the write, its feed numbers and its NOTIFY are
 * one statement; then COMMIT. A batch of documents the device has never seen on the server (the
 * common case: new sales, new records) skips the read and is inserted as it is (`freshBatch`).
 */
export async function pushChanges(deps: AppDeps, input: PushInput): Promise<PushResponse> {
  const { entity, caller, workspaceId } = input;
  const userId = 'session' in caller ? caller.session.userId : caller.membership.userId;
  const lock = repo.workspaceLock(workspaceId);
  const rules = rulesOf(input.rules, entity.name);
  const rows = lastWritePerId(input.rows);
  // An id Postgres cannot hold as text (NUL, a lone half) is refused by the document check below;
  // it must not reach the read of stored documents, which would fail the whole batch.
  const ids = rows.map((r) => String(r.newDocumentState.id ?? '')).filter((id) => id !== '' && storableText(id));
  // Documents the pushed ones point at are read with them (same statement, same round trip).
  const referenced = rules.references
    ? rows.map((r) => rules.references?.(r.newDocumentState)).filter((id): id is string => id !== undefined && storableText(id))
    : [];
  const wanted = [...new Set([...ids, ...referenced])];
  const fresh = !input.readFirst && freshBatch(rows) && referenced.length === 0;

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    await pushHooksOf(deps).beforeLock?.(tx);
    const first = Promise.all([
      'session' in caller ? requireLiveMembership(tx, caller.session, workspaceId, lock) : caller.membership,
      enterScope(tx, { userId, workspaceId }, 'session' in caller ? undefined : lock),
      wanted.length > 0 && !fresh ? repo.selectByIds(tx, entity, workspaceId, wanted) : [],
    ]);
    // Validation needs nothing from the database: it runs while the first round trip is out.
    const checked = rows.map((row) => check(entity, rules, workspaceId, row));
    const [membership, , readFirst] = await first;
    if (rules.writers && !rules.writers.roles.includes(membership.role)) {
      // Nothing is written; the server's state of each goes back so the device falls back to it.
      const held = fresh && wanted.length > 0 ? await repo.selectByIds(tx, entity, workspaceId, wanted) : readFirst;
      const message = rules.writers.message;
      return {
        kind: 'decided',
        response: {
          conflicts: held.map((row) => rowToDoc(entity, row)),
          rejected: checked.map((row) => ({ id: row.id, code: 'forbidden', message })),
        },
      };
    }
    if (rules.refuseUnderLock || rules.refuseDeleteUnderLock) await refuseUnderLock(tx, workspaceId, rules, checked);

    const caps = rules.planLimit ? capabilitiesOf(membership, deps.now()) : null;
    const limited = rules.planLimit && caps && caps.limits[rules.planLimit.key] !== null ? rules.planLimit : null;
    let live = limited ? await limited.used(tx, workspaceId) : 0;

    let stored = readFirst;
    if (fresh) {
      const valid = checked.filter((row) => row.doc !== undefined);
      const adding = limited ? valid.filter((row) => row.doc && limited.counts(row.doc)).length : 0;
      if (!limited || !caps || limitRefusal(caps, limited.key, live, adding) === null) {
        return { kind: 'fresh', inserted: await insertFresh(tx, entity, rules, workspaceId, valid), checked };
      }
      // Near the plan's limit the documents are decided one by one, after all.
      stored = await repo.selectByIds(tx, entity, workspaceId, wanted);
    }
    const current = new Map<string, Doc>();
    for (const row of stored) {
      const doc = rowToDoc(entity, row);
      current.set(String(doc.id), doc);
    }
    const conflicts: Doc[] = [];
    const rejected: Rejection[] = [];
    const writes: Doc[] = [];
    const accepted = new Map<string, Doc>();
    for (const row of checked) {
      const decision = decide(entity, rules, row, current);
      if (decision.kind === 'conflict') conflicts.push(decision.master);
      else if (decision.kind === 'reject') {
        // The server's state of a refused document goes back too, so the client can fall back to it.
        rejected.push(decision.rejection);
        if (decision.master) conflicts.push(decision.master);
      } else if (decision.kind === 'write') {
        const refused = referenceRefusal(rules, decision.doc, current, accepted);
        if (refused) {
          rejected.push({ id: String(decision.doc.id), code: 'invalid', message: refused });
          const existing = current.get(String(decision.doc.id));
          if (existing) conflicts.push(existing);
          continue;
        }
        if (decision.isNewLive && limited && caps && limited.counts(decision.doc)) {
          const refusal = limitRefusal(caps, limited.key, live);
          if (refusal) {
            const id = String(decision.doc.id);
            rejected.push({ id, code: 'plan_limit', message: refusal });
            const existing = current.get(id);
            if (existing) conflicts.push(existing);
            continue;
          }
          live++;
        }
        writes.push(decision.doc);
        accepted.set(String(decision.doc.id), decision.doc);
      }
    }
    if (writes.length > 0) await applyWrites(tx, entity, rules, workspaceId, writes, current);
    return { kind: 'decided', response: { conflicts, rejected } };
  });
  if (outcome.kind === 'decided') return outcome.response;

  // Whatever the fresh insert did not store (a document the server already had: a retried push;
  // one that failed validation) is decided against its stored state, as any other change is.
  const inserted = new Set(outcome.inserted);
  const rest = rows.filter((_, i) => !inserted.has(outcome.checked[i].id));
  if (rest.length === 0) return { conflicts: [], rejected: [] };
  return pushChanges(deps, { ...input, rows: rest, readFirst: true });
}

/**
 * True when every document is one the device has never seen on the server (no assumed master state)
 * and not a deletion. Such a document is written as it is unless the server already has it, so the
 * batch needs no read before its write: `insertFresh` stores the new ones and says which they were.
 */
function freshBatch(rows: PushRow[]): boolean {
  return rows.length > 0 && rows.every((r) => r.assumedMasterState == null && r.newDocumentState._deleted !== true);
}

/** Inserts the documents not stored yet, commits, and returns their ids (see `freshBatch`). */
async function insertFresh(
  tx: Transaction,
  entity: ReplicatedEntity,
  rules: CollectionRules,
  workspaceId: number,
  valid: Checked[],
): Promise<string[]> {
  const docs = valid.map((row) => row.doc as Doc);
  if (docs.length === 0) return [];
  return applyWrites(tx, entity, rules, workspaceId, docs, new Map(), { skipExisting: true });
}

/**
 * Why a document's reference (`CollectionRules.references`) is refused, if it is: what it names is
 * looked up among the documents accepted earlier in this push, then among the stored ones.
 */
function referenceRefusal(rules: CollectionRules, doc: Doc, stored: Map<string, Doc>, accepted: Map<string, Doc>): string | null {
  if (!rules.referenceRefused) return null;
  const id = rules.references?.(doc);
  const target = id === undefined ? undefined : (accepted.get(id) ?? stored.get(id));
  return rules.referenceRefused(doc, target);
}

/** RxDB sends one row per document; if a client sends several, the last one is the change. */
function lastWritePerId(rows: PushRow[]): PushRow[] {
  const byId = new Map<string, PushRow>();
  rows.forEach((r, i) => byId.set(typeof r.newDocumentState.id === 'string' ? r.newDocumentState.id : `#${i}`, r));
  return [...byId.values()];
}

/** A pushed document checked on its own: valid for its collection and its workspace, or refused. */
type Checked = {
  id: string;
  deleting: boolean;
  assumed: PushRow['assumedMasterState'];
  /** The server_version and server_seq of the copy the client last saw. */
  knownVersion: unknown;
  knownSeq: unknown;
} & ({ doc: Doc; rejection?: undefined } | { doc?: undefined; rejection: Rejection });

function check(entity: ReplicatedEntity, rules: CollectionRules, workspaceId: number, row: PushRow): Checked {
  const raw = row.newDocumentState;
  const id = typeof raw.id === 'string' ? raw.id : '';
  const deleting = raw._deleted === true;
  const base = { id, deleting, assumed: row.assumedMasterState, knownVersion: raw.server_version, knownSeq: raw.server_seq };
  const parsed = entity.fields.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    return { ...base, rejection: { id, code: 'invalid', message: `${where}${issue.message}` } };
  }
  if (parsed.data.workspace_id !== workspaceId) {
    return { ...base, rejection: { id, code: 'forbidden', message: rejectionMessages.forbidden } };
  }
  // A deletion is not checked again: the document it withdraws was valid, or was never stored.
  const invalid = rules.validate && !deleting ? rules.validate(parsed.data) : null;
  if (invalid) return { ...base, rejection: { id, code: 'invalid', message: invalid } };
  // zod's output is a new object, this push's own: it takes the deletion flag without a copy.
  const doc: Doc = parsed.data;
  doc._deleted = deleting;
  return { ...base, doc };
}

/** Movements that would take a product's stock on hand out of its column's range are refused (`stock-bounds.ts`). */
/** A module's refusals that need the database (`refuseUnderLock`, `refuseDeleteUnderLock`), turned into rejections. */
async function refuseUnderLock(tx: Transaction, workspaceId: number, rules: CollectionRules, checked: Checked[]): Promise<void> {
  const writing = checked.flatMap((row) => (row.doc && !row.deleting ? [row.doc] : []));
  const deleting = checked.flatMap((row) => (row.doc && row.deleting ? [row.doc] : []));
  const refusals = await Promise.all([
    rules.refuseUnderLock && writing.length > 0 ? rules.refuseUnderLock(tx, { workspaceId, docs: writing }) : null,
    rules.refuseDeleteUnderLock && deleting.length > 0 ? rules.refuseDeleteUnderLock(tx, { workspaceId, docs: deleting }) : null,
  ]);
  checked.forEach((row, i) => {
    const message = refusals.map((r) => r?.get(row.id)).find((m) => m !== undefined);
    if (message === undefined) return;
    const { doc: _doc, ...rest } = row;
    checked[i] = { ...rest, rejection: { id: row.id, code: 'invalid', message } };
  });
}

function decide(entity: ReplicatedEntity, rules: CollectionRules, row: Checked, current: Map<string, Doc>): Decision {
  const { id, deleting } = row;
  const existing = current.get(id);
  // Deleting what the server never had changes nothing (a refused new record being withdrawn).
  if (deleting && !existing) return { kind: 'noop' };
  if (row.rejection) return { kind: 'reject', rejection: row.rejection, master: existing };
  const doc = row.doc;
  if (!existing) return { kind: 'write', doc, isNewLive: !deleting };

  const incoming = clientView(entity, doc);
  const stored = clientView(entity, existing);
  // The same change arriving twice (a retry, a lost response) is not written again. If the client's
  // copy is not the stored one (its pull raced the push, or skipped the document while this change
  // waited to be sent, and the server has since changed what it computes, such as stock on hand),
  // the server's document goes back: no new feed entry would ever bring it.
  if (sameJson(incoming, stored)) {
    const current = row.knownVersion === existing.server_version && Number(row.knownSeq) === existing.server_seq;
    return current ? { kind: 'noop' } : { kind: 'conflict', master: existing };
  }
  if (rules.appendOnly) {
    return { kind: 'reject', rejection: { id, code: 'immutable', message: rejectionMessages.immutable }, master: existing };
  }
  const frozen = rules.frozen?.(existing, doc);
  if (frozen) return { kind: 'reject', rejection: { id, code: 'immutable', message: frozen }, master: existing };
  const refused = rules.changeRefused?.(stored, incoming);
  if (refused) return { kind: 'reject', rejection: { id, code: 'immutable', message: refused }, master: existing };
  const assumed = row.assumed;
  const matches = assumed != null && (assumed.server_version === existing.server_version || sameJson(clientView(entity, assumed), stored));
  if (!matches) return { kind: 'conflict', master: existing };
  return { kind: 'write', doc, isNewLive: !deleting && existing._deleted === true };
}

async function applyWrites(
  tx: Transaction,
  entity: ReplicatedEntity,
  rules: CollectionRules,
  workspaceId: number,
  writes: Doc[],
  stored: Map<string, Doc>,
  opts: { skipExisting?: boolean } = {},
): Promise<string[]> {
  // A decided document holds only client-writable fields (the zod schema dropped any other), and
  // writeDocs reads only the columns it may write, so the document goes to SQL as it is.
  const rows = writes.map((doc) => ({
    ...doc,
    ...(rules.derive ? rules.derive(doc) : {}),
    workspace_id: workspaceId,
    deleted: doc._deleted === true,
  }));
  const written = repo.writeDocs(tx, entity, workspaceId, rows, {
    derived: rules.derive ? derivedColumns(entity, rules) : [],
    computedOnInsert: rules.computedOnInsert,
    onlyNew: writes.every((doc) => !stored.has(String(doc.id))),
    skipExisting: opts.skipExisting,
  });
  // Nothing follows the write unless the module has a hook for it: COMMIT goes out with it.
  if (!rules.afterWrite) tx.commitNow();
  const storedIds = await written;
  if (rules.afterWrite) {
    const ids = new Set(storedIds);
    await rules.afterWrite(tx, { workspaceId, docs: writes.filter((d) => ids.has(String(d.id))), before: stored });
  }
  return storedIds;
}

/** Server-owned columns a `derive` rule fills (everything the server owns except its feed columns and what it keeps). */
function derivedColumns(entity: ReplicatedEntity, rules: CollectionRules): string[] {
  return entity.serverOwned.filter((c) => c !== 'server_seq' && c !== 'server_version' && c in entity.columns && !rules.kept?.includes(c));
}
