import type { WorkspaceRoleCode } from '../../schema/workspaces/workspaces.js';
import type { z } from 'zod';
import type { ReplicatedEntity, ReplicatedName } from '../../schema/replicated.js';
import type { Transaction } from '../db/db.js';
import type { PushedLimit } from '../plans/limits.js';
import type { Doc } from './codec.js';

/** A pushed document of entity E after its zod schema accepted it: exactly its client fields, typed. */
export type EntityDoc<E extends ReplicatedEntity> = z.output<E['fields']>;

/**
 * A document as stored (read back from its row, not parsed again: a push must not pay for that), or
 * as pushed before validation: its schema's fields, each of unknown shape, and nothing promised.
 */
export type Stored<D> = Partial<Record<keyof D, unknown>> & Doc;

/**
 * A module's server rules for one replicated collection, on top of the generic protocol. The rules
 * are typed from the entity's zod schema (`entityRules`), and declared as methods so that a
 * collection's typed rules sit in its area's definition (`api/<area>/area.ts`) next to the others.
 */
export interface CollectionRules<D = Doc> {
  /**
   * The plan limit its new documents count against (spec §1). Not written here: derived from the
   * owning area's `limits` by the area list.
   */
  planLimit?: PushedLimit;
  /** Rows may be created, never changed or deleted (the stock ledger). */
  appendOnly?: boolean;
  /**
   * Only these roles of the workspace may write it (a pipeline's stages: owners and admins); anyone
   * else's push is refused whole, each document with code `forbidden` and this message.
   */
  writers?: { roles: readonly WorkspaceRoleCode[]; message: string };
  /**
   * A rule across fields that the fields' own schemas cannot say (an end before its start): a
   * message refuses the document with code `invalid`, and nothing is stored.
   */
  validate?(doc: D): string | null;
  /**
   * Computes the server-owned fields (totals, derived numbers) from an accepted document's client
   * fields. The server stores what this returns, never what the client sent for those fields.
   */
  derive?(doc: D): Doc;
  /**
   * A stored document for which this returns a message can no longer be changed or deleted (a
   * completed sale): the push is refused with code `immutable` and that message. `incoming` is the
   * accepted change, for rules that let one particular change through.
   */
  frozen?(stored: Stored<D>, incoming?: D): string | null;
  /**
   * A change from `stored` to `incoming` (both the client-written fields) for which this returns a
   * message is refused with code `immutable` and that message (e.g. a sent invoice's lines).
   */
  changeRefused?(stored: Stored<D>, incoming: Stored<D>): string | null;
  /**
   * A document that must point at another one of the same collection (a void at its sale): the id
   * it names. The server reads that document with the pushed ones, in the same round trip.
   */
  references?(raw: Stored<D>): string | undefined;
  /**
   * With `references`: a message refusing the document (code `invalid`) when what it names is not
   * as required; `referenced` is the stored document, or one accepted earlier in the same push.
   */
  referenceRefused?(doc: D, referenced: Stored<D> | undefined): string | null;
  /**
   * Runs in the push's transaction, under the workspace lock, before anything is decided: given the
   * accepted, non-deleting documents, the ids to refuse (code `invalid`) with their messages. For
   * rules that need what the database holds (stock on hand staying within its column's range).
   */
  refuseUnderLock?(tx: Transaction, pushed: { workspaceId: number; docs: readonly D[] }): Promise<ReadonlyMap<string, string>>;
  /**
   * As `refuseUnderLock`, for the documents the push deletes: the ids whose deletion is refused (code
   * `invalid`) with their messages, such as a main product whose variants would be left without it.
   */
  refuseDeleteUnderLock?(tx: Transaction, pushed: { workspaceId: number; docs: readonly D[] }): Promise<ReadonlyMap<string, string>>;
  /**
   * Server-owned columns computed by SQL when a row is first inserted: column → expression over the
   * inserted record `x` (its `workspace_id` and `id`). A new product's stock is its ledger's sum.
   */
  computedOnInsert?: Readonly<Record<string, string>>;
  /**
   * Server-owned columns no push writes, not even through `derive`: the area's own SQL fills them (in
   * `afterWrite`) and every later write keeps them. An issued invoice's seller.
   */
  kept?: readonly string[];
  /**
   * Runs in the push's transaction, under the workspace lock, after the accepted documents are
   * written (`docs`: the ones stored). Module behaviour that follows a write (stock's ledger moving
   * products' on-hand counts) lives here, owned by the module. Without it the COMMIT goes out with
   * the write, in the same round trip. `before` holds the stored state of each written document
   * that existed before this push (a new one has none), for hooks that act on what changed.
   */
  afterWrite?(tx: Transaction, written: { workspaceId: number; docs: readonly D[]; before: ReadonlyMap<string, Stored<D>> }): Promise<void>;
}

/** A collection's rules, typed from its entity's zod schema. */
export function entityRules<E extends ReplicatedEntity>(_entity: E, rules: CollectionRules<EntityDoc<E>>): CollectionRules<EntityDoc<E>> {
  return rules;
}

/** The push's own refusals, the same for every collection. */
export const rejectionMessages = {
  immutable: 'Stock movements cannot be changed or deleted. Record a new movement to correct stock.',
  forbidden: 'This record belongs to another workspace.',
} satisfies Record<string, string>;

/**
 * Each replicated collection's server rules, one entry per collection name, and each record kind's,
 * by its table's name (built from the area list).
 */
export type RulesRegistry = Readonly<Record<ReplicatedName, CollectionRules>> & Readonly<Partial<Record<string, CollectionRules>>>;

/** The rules of the collection (or record kind's table) named, or none for a name that is neither. */
export function rulesOf(rules: RulesRegistry, name: string): CollectionRules {
  return rules[name] ?? {};
}
