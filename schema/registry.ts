import { stockMovements, products } from './inventory/catalog.js';
import { contacts } from './crm/crm.js';
import { posOrders, posShifts } from './pos/pos.js';
import { invoices, quotes } from './invoices/invoices.js';
import { plannerItems } from './planner/planner.js';
import { checkIns } from './events/events.js';
import { appointments } from './bookings/appointments.js';
import { orderChanges } from './marketplace/order-changes.js';
import { pipelineKind, pipelineStageKind } from './crm/pipelines.js';
import { deals } from './crm/deals.js';
import { records } from './sync/record-kind.js';

/*
 * The schema registry (DESIGN.md §12, README "Adding a module"): the one shared file of `schema/`
 * that names modules. A module adds a line here for its replicated collection (if it needs one of
 * the few) or its kinds of `records` (its API contract goes in its server area's definition); everything else reads these maps.
 */

/**
 * Every replicated collection, client and server, keyed by its name (= its RxDB collection and SQL
 * table). One line here gives a module its RxDB collection, its pull/push endpoints and its place in
 * every per-collection map of the app (they are mapped types over these keys); the table comes from
 * the module's migration and its server rules from its area's definition (`sync-server/api/<area>/area.ts`).
 * Every further offline entity is a kind of `records` (below), not a collection here.
 */
export const replicated = {
  products,
  stock_movements: stockMovements,
  contacts,
  pos_orders: posOrders,
  pos_shifts: posShifts,
  invoices,
  quotes,
  planner_items: plannerItems,
  check_ins: checkIns,
  appointments,
  order_changes: orderChanges,
  deals,
  records,
} as const;

/**
 * Every kind of the `records` collection, one line each (DESIGN.md §5). Order matters where a kind
 * names another: a push stores the kinds in this order, so a stage pushed with its new pipeline finds it.
 */
export const recordKinds = {
  pipeline: pipelineKind,
  pipeline_stage: pipelineStageKind,
} as const;
