import type { Router } from 'express';
import type { RecordKindName } from '../../schema/sync/records.js';
import type { EndpointDef } from '../../schema/kit/http.js';
import type { ReplicatedEntity, ReplicatedName } from '../../schema/replicated.js';
import type { AppDeps } from '../deps.js';
import type { Queryable } from '../db/db.js';
import type { SocketEndpoint } from '../http/upgrade.js';
import type { JobArea } from '../jobs/job-queue.js';
import type { HeldMailRegistry, HeldMailRelease } from '../mail/consent.js';
import type { MailTemplates } from '../mail/outbox.js';
import type { PaymentClaim, PaymentRegistry } from '../payments/claims.js';
import type { AreaLimit, LimitRegistry, WorkspaceLimitKey } from '../plans/limits.js';
import type { SeoSource } from '../seo/page-meta.js';
import type { CollectionRules, RulesRegistry } from '../sync/collection-rules.js';

export type { RulesRegistry };

/**
 * What the area list derives from all areas and hands to the routes that need it (sync pushes
 * apply the rules, the webhook dispatches payments, the sitemap lists every page): handed, not
 * imported, so no area imports the list that names it.
 */
export interface AreaContext {
  rules: RulesRegistry;
  payments: PaymentRegistry;
  seo: readonly SeoSource[];
  /** Every area's mail held for an address until its owner confirms it (released by the opt-in link). */
  heldMail: HeldMailRegistry;
  /** Every plan limit a workspace's things count against, measured by the area that claims it. */
  limits: LimitRegistry;
  /** Tells every area a workspace was deleted (its rows went with it; what lives outside the database goes now). */
  workspaceRemoved(deps: AppDeps, workspaceId: number): Promise<void>;
  /** Lets every area give a new workspace what it starts with, in the transaction that creates it. */
  workspaceCreated: WorkspaceCreated;
}

/** What an area writes into a workspace as it is created (its first sales pipeline), in the creating transaction. */
export type WorkspaceCreated = (tx: Queryable, workspaceId: number, now: Date) => Promise<void>;

/** An Express router factory; the context is there for the few core routes that serve every area. */
export type AreaRoutes = (deps: AppDeps, ctx: AreaContext) => Router;

/** The demo workspace being filled: `push` writes documents through the push path devices use. */
export interface DemoSeed {
  push(entity: ReplicatedEntity, docs: Record<string, unknown>[]): Promise<unknown>;
  /** The seeding's time, ISO. */
  now: string;
}

/** A WebSocket endpoint an area serves behind the server's one upgrade router (its documents' socket). */
export interface AreaSocket {
  endpoint: SocketEndpoint;
  /** Sockets currently open on this instance. */
  clientCount(): number;
  /** Resolves once everything received so far is stored (tests and benches wait on it). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Something the server runs beside the requests from start-up to shutdown (an interval sweeper). */
export type StartHook = (deps: AppDeps) => { stop(): void };

/**
 * One area of the server (DESIGN.md §12): everything the shared server needs to know of it, in one
 * object. The router, job queue, sync rules, sitemap, payment dispatch and start-up are derived
 * from the list of these (`api/areas.ts`); nothing else names an area.
 */
export interface AreaDefinition {
  /** The area's folder name. */
  id: string;
  /**
   * Its API contract, by group name (`posContract`): what its routes serve, and what the security
   * walks probe, endpoint by endpoint.
   */
  contracts?: Readonly<Record<string, Readonly<Record<string, EndpointDef>>>>;
  /** Its routers, mounted in list order (and in this order within the area). */
  routes?: readonly AreaRoutes[];
  /** The replicated collections it owns, with their server rules and hooks. */
  rules?: Partial<Record<ReplicatedName, CollectionRules>>;
  /** The kinds of `records` it owns (each in its own table), with their server rules. */
  kinds?: Partial<Record<RecordKindName, CollectionRules>>;
  /** Its background jobs and sweeps on the job queue. */
  jobs?: readonly JobArea[];
  /** Its WebSocket endpoints, started with the server's sockets (closed at shutdown). */
  sockets?: readonly ((deps: AppDeps) => Promise<AreaSocket>)[];
  /** What runs beside the requests from start-up (stopped at shutdown). */
  start?: readonly StartHook[];
  /** Its public pages for search engines (head meta, sitemap URLs). */
  seo?: readonly SeoSource[];
  /**
   * Its e-mails' templates by name: the outbox sends the mail recorded as `'<id>.<name>'` with the
   * template of that name (sync-server/mail/outbox.ts).
   */
  mails?: MailTemplates;
  /** Its mail to a stranger's address, held until the address is confirmed (double opt-in), and how to release it. */
  heldMail?: HeldMailRelease;
  /** What it settles when a payment arrives. */
  payments?: PaymentClaim;
  /**
   * The plan limits its things count against (spec §1): how it measures what a workspace uses, and
   * which of its pushed documents add to it. Each limit is claimed by exactly one area.
   */
  limits?: Partial<Record<WorkspaceLimitKey, AreaLimit>>;
  /** What a new workspace starts with from this area, written in the transaction that creates it. */
  workspaceCreated?: WorkspaceCreated;
  /** Removes what the area keeps outside the database for a deleted workspace (files' bytes); never throws. */
  workspaceRemoved?: (deps: AppDeps, workspaceId: number) => Promise<void>;
  /** Its sample records in the demo workspace of a first start (in list order). */
  demo?: (seed: DemoSeed) => Promise<void>;
}

/** Types an area's definition, keeping which collections it rules so the list can check them all. */
export function defineArea<const D extends AreaDefinition>(definition: D): D {
  return definition;
}

/** The collection names the areas of a list rule. */
type RuledBy<L extends readonly AreaDefinition[]> = L[number] extends infer A ? (A extends { rules: infer R } ? keyof R : never) : never;

/** The record kinds the areas of a list own. */
type KindsOf<L extends readonly AreaDefinition[]> = L[number] extends infer A ? (A extends { kinds: infer K } ? keyof K : never) : never;

/**
 * A list of areas, accepted only when its areas give every replicated collection and every record
 * kind rules: a new collection in `schema/replicated.ts`, or kind in `schema/sync/records.ts`, fails to
 * compile until an area rules it.
 */
export type CompleteAreaList<L extends readonly AreaDefinition[]> = [Exclude<ReplicatedName, RuledBy<L>>] extends [never]
  ? [Exclude<RecordKindName, KindsOf<L>>] extends [never]
    ? L
    : { kindsWithoutRules: Exclude<RecordKindName, KindsOf<L>> }
  : { collectionsWithoutRules: Exclude<ReplicatedName, RuledBy<L>> };
