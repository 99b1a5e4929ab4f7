import type { PushResponse, PushRow, Rejection } from '../../../schema/sync/contract.js';
import {
  recordDataProblem,
  recordFromRow,
  recordKindList,
  recordKindOf,
  recordMessages,
  rowFromRecord,
  type RecordKind,
} from '../../../schema/sync/records.js';
import type { AppDeps } from '../../deps.js';
import { requireLiveMembership } from '../../api/workspaces/membership.js';
import { checkAssumedStates } from '../assumed-state.js';
import { pushChanges } from '../push.service.js';

type PushInput = Parameters<typeof pushChanges>[1];

/**
 * A push whose assumed master states the server cannot read (a kind's timestamp inside `data`, as
 * well as the envelope's) is refused whole, 400, before anything is stored: `checkAssumedStates`
 * for records. Documents of no known kind have no assumed state to read.
 */
export function checkRecordsAssumedStates(rows: readonly PushRow[]): void {
  for (const kind of recordKindList) {
    // Every row keeps its place, so a message names the row by its index in the push.
    const flat = rows.map((row) =>
      row.newDocumentState.kind === kind.kind && row.assumedMasterState
        ? { newDocumentState: row.newDocumentState, assumedMasterState: rowFromRecord(row.assumedMasterState) }
        : { newDocumentState: row.newDocumentState, assumedMasterState: null },
    );
    checkAssumedStates(kind.entity, flat);
  }
}

/**
 * A push of the `records` collection: each document goes to its kind's table, as a push of that
 * table would (its kind's rules, the same conflicts and refusals), its `data` spread into the
 * table's columns. The kinds are stored in registry order, each in a transaction of its own under
 * the workspace's lock, so a record pushed with one it names (a stage with its new pipeline) finds
 * it. A document of no known kind is refused as `invalid`, as a bad one is; what comes back (the
 * server's state of a conflicting or refused document) is a record again.
 */
export async function pushRecords(deps: AppDeps, input: PushInput): Promise<PushResponse> {
  const rejected: Rejection[] = [];
  const groups = new Map<RecordKind, PushRow[]>();
  // A bad `data` is refused by its table's push (which sends the stored record back with the
  // refusal); the message names the field as the device knows it, inside `data`.
  const problems = new Map<string, string>();
  for (const row of input.rows) {
    const doc = row.newDocumentState;
    const id = typeof doc.id === 'string' ? doc.id : '';
    const kind = typeof doc.kind === 'string' ? recordKindOf(doc.kind) : undefined;
    if (!kind) {
      rejected.push({ id, code: 'invalid', message: recordMessages.unknownKind });
      continue;
    }
    const problem = recordDataProblem(kind.kind, doc.data);
    if (problem) problems.set(id, problem);
    const assumed = row.assumedMasterState;
    const flat = { newDocumentState: rowFromRecord(doc), assumedMasterState: assumed ? rowFromRecord(assumed) : assumed };
    groups.set(kind, [...(groups.get(kind) ?? []), flat]);
  }
  if (groups.size === 0 && 'session' in input.caller) {
    const { session } = input.caller;
    // Nothing to store, but the answer is still only for a member.
    await deps.db.transaction((tx) => requireLiveMembership(tx, session, input.workspaceId));
  }

  const conflicts: PushResponse['conflicts'] = [];
  for (const kind of recordKindList) {
    const rows = groups.get(kind);
    if (!rows) continue;
    const result = await pushChanges(deps, { ...input, entity: kind.entity, rows });
    conflicts.push(...result.conflicts.map((doc) => recordFromRow(kind, doc)));
    for (const r of result.rejected) {
      const problem = r.code === 'invalid' ? problems.get(r.id) : undefined;
      rejected.push(problem ? { ...r, message: problem } : r);
    }
  }
  return { conflicts, rejected };
}
