import type { Queryable } from '../../db/db.js';

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
        AND (SELECT count(*) FROM invoice_reminders r WHERE r.workspace_id = i.workspace_id AND r.invoice_id = i.id) < 2
      ORDER BY i.workspace_id, i.due_date
      LIMIT 1000`,
    [from, to],
  );
}

/** Records a reminder as sent; false when this kind was sent for the invoice before (it never goes twice). */
export async function claimReminder(q: Queryable, workspaceId: number, invoiceId: string, kind: ReminderKind, at: Date): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO invoice_reminders (workspace_id, invoice_id, kind, sent_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING kind`,
    [workspaceId, invoiceId, kind, at],
  );
  return rows.length > 0;
}

/** Gives a claimed reminder back when its mail could not go (unscoped: the job area). */
export async function releaseReminder(q: Queryable, workspaceId: number, invoiceId: string, kind: ReminderKind): Promise<void> {
  await q.query('DELETE FROM invoice_reminders WHERE workspace_id = $1 AND invoice_id = $2 AND kind = $3', [workspaceId, invoiceId, kind]);
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
