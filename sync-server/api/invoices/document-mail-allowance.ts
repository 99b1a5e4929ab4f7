import { deliveryMessages, type DeliveryRefusal } from '../../../schema/invoices/contract.js';
import type { PlanCode } from '../../../schema/accounts/accounts.js';
import { noCountryDefaults } from '../../../schema/kit/countries.js';
import { calendarDayIn } from '../../../schema/kit/dates.js';
import { plans } from '../../../schema/billing/plans.js';
import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { rateLimit } from '../../http/rate-limit.js';
import { capabilitiesFor, workspaceOwner } from '../../plans/capabilities.js';

/**
 * Invoices, quotes, credit notes and reminders go to addresses a member typed, with a name the
 * workspace chose: the server mails them only for a verified account, and only the plan's number a
 * day per workspace (`documentMailsPerDay` in schema/billing/plans.ts), counted in the workspace's own day.
 */

interface Standing {
  /** The asking account's verification; the owner's when the request names none (or a deleted account). */
  verified: boolean;
  plan: PlanCode;
  plan_trial_ends_at: Date | null;
  timezone: string | null;
}

/** Unscoped (the job area). */
async function standingOf(q: Queryable, workspaceId: number, requestedBy: number | null): Promise<Standing | undefined> {
  const [row] = await q.query<Standing>(
    `SELECT coalesce((SELECT u.verified FROM users u WHERE u.id = $2), o.verified) AS verified,
            o.plan, o.plan_trial_ends_at, s.timezone
       FROM workspaces w
       JOIN users o ON o.id = w.owner_id
       LEFT JOIN workspace_settings s ON s.workspace_id = w.id AND s.id = 1
      WHERE w.id = $1`,
    [workspaceId, requestedBy],
  );
  return row;
}

/**
 * Takes one of the day's e-mails, unless the day's are all taken: one statement, so mails sent at
 * the same moment (several job runs, a reminder sweep) can never together pass the limit.
 */
async function takeOne(q: Queryable, workspaceId: number, day: string, limit: number): Promise<boolean> {
  if (limit <= 0) return false;
  const rows = await q.query(
    `INSERT INTO document_mail_days AS d (workspace_id, day, used) VALUES ($1, $2::date, 1)
     ON CONFLICT (workspace_id, day) DO UPDATE SET used = d.used + 1 WHERE d.used < $3
     RETURNING used`,
    [workspaceId, day, limit],
  );
  return rows.length > 0;
}

async function giveBack(q: Queryable, workspaceId: number, day: string): Promise<void> {
  await q.query('UPDATE document_mail_days SET used = used - 1 WHERE workspace_id = $1 AND day = $2::date AND used > 0', [
    workspaceId,
    day,
  ]);
}

export type MailPermit = { ok: true; giveBack(): Promise<void> } | { ok: false; refusal: DeliveryRefusal; message: string };

/**
 * Whether the workspace may e-mail one more document now, for `requestedBy` (the account that asked;
 * null for the workspace's own mail, such as reminders, which the owner's verification stands for).
 * A permit counts against today's allowance; `giveBack` returns it when the mail could not go.
 */
export async function permitDocumentMail(deps: AppDeps, workspaceId: number, requestedBy: number | null): Promise<MailPermit> {
  const standing = await standingOf(deps.db, workspaceId, requestedBy);
  if (!standing?.verified) return { ok: false, refusal: 'unverified', message: deliveryMessages.unverified };
  const now = deps.now();
  const { plan } = capabilitiesFor(workspaceOwner({ ownerPlan: standing.plan, ownerTrialEndsAt: standing.plan_trial_ends_at }), now);
  const day = calendarDayIn(now, standing.timezone ?? noCountryDefaults.timezone);
  if (!(await takeOne(deps.db, workspaceId, day, plans[plan].limits.documentMailsPerDay))) {
    return { ok: false, refusal: 'daily_limit', message: deliveryMessages.dailyLimit(plan) };
  }
  return { ok: true, giveBack: () => giveBack(deps.db, workspaceId, day) };
}

/**
 * Till receipts go to an address the cashier typed, so they too go only for a verified account; a
 * busy till sends many a day, so they are not counted in the documents' allowance but in their own,
 * far larger one per workspace (a bound on a rogue device, not on a day's trade).
 */
export const RECEIPT_MAILS_PER_DAY = 1000;

export async function permitReceiptMail(deps: AppDeps, workspaceId: number, requestedBy: number | null): Promise<MailPermit> {
  const standing = await standingOf(deps.db, workspaceId, requestedBy);
  if (!standing?.verified) return { ok: false, refusal: 'unverified', message: deliveryMessages.unverified };
  const taken = await rateLimit(
    deps.db,
    `receipt-mail:ws:${workspaceId}`,
    { max: RECEIPT_MAILS_PER_DAY, windowSeconds: 86_400 },
    deps.now(),
  );
  if (!taken.allowed) return { ok: false, refusal: 'daily_limit', message: deliveryMessages.receiptLimit };
  return { ok: true, giveBack: async () => undefined };
}
