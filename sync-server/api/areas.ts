import type { Router } from 'express';
import type { AppDeps } from '../deps.js';
import type { AreaContext, AreaDefinition, AreaSocket, CompleteAreaList, RulesRegistry, StartHook } from '../areas/area.js';
import type { JobArea } from '../jobs/job-queue.js';
import { paymentRegistry, type PaymentClaim } from '../payments/claims.js';
import type { CollectionRules } from '../sync/collection-rules.js';
import type { HeldMailRegistry, HeldMailRelease } from '../mail/consent.js';
import { mailOutboxJobs, mailTemplateRegistry, type MailTemplateRegistry } from '../mail/outbox.js';
import { limitRegistry, pushedLimits, type LimitRegistry } from '../plans/limits.js';
import { kindTableRules } from '../sync/records/kinds.js';
import { recordKindOf } from '../../schema/sync/records.js';
import { healthArea } from './health/area.js';
import { authArea } from './auth/area.js';
import { workspacesArea } from './workspaces/area.js';
import { contactArea } from './contact/area.js';
import { mailConsentArea } from './mail-consent/area.js';
import { exchangeRatesArea } from './exchange-rates/area.js';
import { syncArea } from '../sync/area.js';
import { billingArea } from './billing/area.js';
import { driveArea } from './drive/area.js';
import { projectsArea } from './projects/area.js';
import { posArea } from './pos/area.js';
import { invoicesArea } from './invoices/area.js';
import { marketplaceArea } from './marketplace/area.js';
import { eventsArea } from './events/area.js';
import { classifiedsArea } from './classifieds/area.js';
import { contentArea } from './content/area.js';
import { aiArea } from './ai/area.js';
import { bookingsArea } from './bookings/area.js';
import { seoArea } from '../seo/area.js';
import { devArea } from './dev/area.js';
import { inventoryArea } from './inventory/area.js';
import { crmArea } from './crm/area.js';
import { plannerArea } from './planner/area.js';
import { numberBlocksArea } from './number-blocks/area.js';
import { dbUpkeepArea } from '../jobs/area.js';
import { notificationsArea } from './notifications/area.js';
import { tellSendFailed } from './notifications/index.js';

/**
 * Every area of the server, one line each, in the order their routes are mounted (some routes
 * depend on it). The router, job queue, sync rules, sitemap, payment dispatch and start-up are
 * derived from this list (DESIGN.md §12); the compiler refuses it while a replicated collection
 * has no area ruling it.
 */
const list = [
  healthArea,
  authArea,
  workspacesArea,
  contactArea,
  mailConsentArea,
  exchangeRatesArea,
  syncArea,
  billingArea,
  driveArea,
  projectsArea,
  posArea,
  invoicesArea,
  marketplaceArea,
  eventsArea,
  classifiedsArea,
  contentArea,
  aiArea,
  bookingsArea,
  seoArea,
  devArea,
  inventoryArea,
  crmArea,
  plannerArea,
  numberBlocksArea,
  notificationsArea,
  dbUpkeepArea,
] as const;

/** The list, checked to rule every replicated collection. */
export const areas: readonly AreaDefinition[] = complete(list);

function complete<const L extends readonly AreaDefinition[]>(l: L & CompleteAreaList<L>): L {
  return l;
}

function rulesByCollection(list: readonly AreaDefinition[], limits: LimitRegistry): RulesRegistry {
  const rules: Partial<Record<string, CollectionRules>> = {};
  for (const area of list) {
    for (const [name, r] of Object.entries(area.rules ?? {})) {
      if (rules[name]) throw new Error(`Two areas rule the collection ${name}`);
      rules[name] = r;
    }
  }
  for (const area of list) {
    for (const [kind, r] of Object.entries(area.kinds ?? {})) {
      const def = recordKindOf(kind);
      if (!def || !r) continue;
      if (rules[def.entity.name]) throw new Error(`Two areas rule the record kind ${kind}`);
      rules[def.entity.name] = kindTableRules(def, r);
    }
  }
  for (const [collection, planLimit] of pushedLimits(limits)) {
    const ruled = rules[collection];
    if (!ruled) throw new Error(`The plan limit ${planLimit.key} counts the collection ${collection}, which no area rules`);
    rules[collection] = { ...ruled, planLimit };
  }
  // Every name is there: `complete` checked the list covers each replicated collection and kind.
  return rules as RulesRegistry;
}

function heldMailByKind(list: readonly AreaDefinition[]): HeldMailRegistry {
  const held: Partial<Record<string, HeldMailRelease>> = {};
  for (const area of list) {
    if (!area.heldMail) continue;
    if (held[area.heldMail.kind]) throw new Error(`Two areas hold mail of kind ${area.heldMail.kind}`);
    held[area.heldMail.kind] = area.heldMail;
  }
  return held;
}

/** Every workspace plan limit, measured by the area that claims it. */
const limits = limitRegistry(areas);

/** What the areas together hand to the core routes that serve them all. */
export const areaContext: AreaContext = {
  rules: rulesByCollection(areas, limits),
  limits,
  payments: paymentRegistry(areas.flatMap((a): PaymentClaim[] => (a.payments ? [a.payments] : []))),
  seo: areas.flatMap((a) => a.seo ?? []),
  heldMail: heldMailByKind(areas),
  async workspaceRemoved(deps, workspaceId) {
    for (const area of areas) await area.workspaceRemoved?.(deps, workspaceId);
  },
  async workspaceCreated(tx, workspaceId, now) {
    for (const area of areas) await area.workspaceCreated?.(tx, workspaceId, now);
  },
};

/** Every area's routers, in mount order, each ready for createApp. */
export const apiAreas: ReadonlyArray<(deps: AppDeps) => Router> = areas.flatMap((a) =>
  (a.routes ?? []).map((routes) => (deps: AppDeps) => routes(deps, areaContext)),
);

/** Every area's mail templates by id (`'<area>.<name>'`), for the one outbox that sends them all. */
export const mailTemplates: MailTemplateRegistry = mailTemplateRegistry(areas);

/** Every area's jobs and sweeps on the job queue, and the outbox sending every area's mail. */
export const jobAreas: readonly JobArea[] = [...areas.flatMap((a) => a.jobs ?? []), mailOutboxJobs(mailTemplates, tellSendFailed)];

/** What start-up runs beside the requests, every area's. */
export const startHooks: readonly StartHook[] = areas.flatMap((a) => a.start ?? []);

/** Every area's WebSocket endpoints, each started by `attachSockets`. */
export const areaSockets: ReadonlyArray<(deps: AppDeps) => Promise<AreaSocket>> = areas.flatMap((a) => a.sockets ?? []);
