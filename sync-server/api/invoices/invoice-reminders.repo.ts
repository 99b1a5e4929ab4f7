import type { Queryable } from '../../db/db.js';
import { MAIL_TABLE, mailTemplateId, recordMailAgain } from '../../mail/outbox.js';

export type ReminderKind = 'due' | 'overdue';

export interface ReminderCandidate {
  workspace_id: number;
  invoice_id: string;
  due_date: string;
  timezone: string | null;
}

/**
 * Sent, unpaid or partly paid invoices with a customer e-mail and a due date between `from` and
 * `to`, in workspaces that have not switched reminders off (unscoped: the job area).
 */
export async function reminderCandidates(q: Queryable, from: string, to: string): Promise<ReminderCandidate[]> {
  return q.query<ReminderCandidate>(
    `SELECT i.workspace_id, i.id AS invoice_id, i.due_date, s.timezone
       FROM invoices i
       LEFT JOIN invoice_preferences p ON p.workspace_id = i.workspace_id
       LEFT JOIN workspace_settings s ON s.workspace_id = i.workspace_id AND s.id = 1
      WHERE NOT i.deleted AND i.status IN ('sent', 'partially_paid') AND i.kind IS DISTINCT FROM 'credit_note'
        AND i.due_date BETWEEN $1 AND $2
        AND coalesce(trim(i.customer_email), '') <> ''
        AND coalesce(p.reminders_enabled, true)
        AND (SELECT count(*) FROM ${MAIL_TABLE} r
              WHERE r.workspace_id = i.workspace_id AND r.subject_id = i.id AND r.template = ANY($3::text[]) AND r.status = 'sent') < 2
      ORDER BY i.workspace_id, i.due_date
      LIMIT 1000`,
    [from, to, [reminderTemplate('due'), reminderTemplate('overdue')]],
  );
}

/** The outbox template of a reminder (`AreaDefinition.mails`): `reminder_due`, `reminder_overdue`. */
export const reminderMailName = (kind: ReminderKind) => `reminder_${kind}`;
const reminderTemplate = (kind: ReminderKind) => mailTemplateId('invoices', reminderMailName(kind));

/**
 * Records a due reminder in the outbox (unscoped: the job area). A reminder goes once per invoice and
 * kind; one the policy refused or the mail server never took is queued again by the next sweep.
 * Returns whether it was queued.
 */
export async function recordReminder(q: Queryable, workspaceId: number, invoiceId: string, kind: ReminderKind): Promise<boolean> {
  return recordMailAgain(q, { workspaceId, template: reminderTemplate(kind), subjectId: invoiceId }, ['failed', 'refused']);
}

/** Whether the workspace's customers get reminders (on unless switched off; scoped). */
export async function remindersEnabled(q: Queryable, workspaceId: number): Promise<boolean> {
  const [row] = await q.query<{ reminders_enabled: boolean }>('SELECT reminders_enabled FROM invoice_preferences WHERE workspace_id = $1', [
    workspaceId,
  ]);
  return row?.reminders_enabled ?? true;
}

export async function saveRemindersEnabled(q: Queryable, workspaceId: number, enabled: boolean): Promise<boolean> {
  const [row] = await q.query<{ reminders_enabled: boolean }>(
    `INSERT INTO invoice_preferences (workspace_id, reminders_enabled) VALUES ($1, $2)
     ON CONFLICT (workspace_id) DO UPDATE SET reminders_enabled = EXCLUDED.reminders_enabled
     RETURNING reminders_enabled`,
    [workspaceId, enabled],
  );
  return row.reminders_enabled;
}
