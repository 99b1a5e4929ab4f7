import type { DocName } from '../../../../schema/projects/projects.js';
import type { Queryable } from '../../../db/db.js';
import { isFamilyId } from '../../auth/session.repo.js';

/**
 * The SQL of collaborative documents. `docAccess` runs as owner before any scope exists; appends run
 * in the writer's workspace scope; loading, compaction and materialising run as owner, since they
 * act for the document rather than for one person.
 */

/** Appends, compaction and the materialiser of one document take this lock, so they go one at a time. */
export const YJS_LOCK = 7281021;

/**
 * May this session open this document, and under what name does its presence show (the name the
 * app shows for the user: their full name, else their email)? Asked in one statement with "is the
 * session still live?":
 * a project document needs an active workspace membership and either a place on the project or the
 * workspace's owner or admin role; a team channel needs the workspace membership and the channel to exist.
 */
export async function docAccess(
  q: Queryable,
  session: { familyId: string; userId: number },
  doc: DocName,
): Promise<{ live: boolean; allowed: boolean; name: string }> {
  if (!isFamilyId(session.familyId)) return { live: false, allowed: false, name: '' };
  const project = doc.kind === 'project' ? doc.projectId : null;
  const channel = doc.kind === 'channel' ? doc.channel : null;
  const rows = await q.query<{ live: boolean; allowed: boolean; name: string | null }>(
    `SELECT (SELECT COALESCE(NULLIF(full_name, ''), email) FROM users WHERE id = $2) AS name,
            EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = $1::uuid AND revoked_at IS NULL) AS live,
            EXISTS (SELECT 1 FROM workspace_members m
                     WHERE m.workspace_id = $3 AND m.user_id = $2 AND m.is_active
                       AND ($4::uuid IS NULL OR EXISTS (
                             SELECT 1 FROM projects p
                              WHERE p.workspace_id = $3 AND p.id = $4::uuid
                                AND (m.role IN ('owner', 'admin') OR EXISTS (
                                      SELECT 1 FROM project_members pm
                                       WHERE pm.workspace_id = $3 AND pm.project_id = $4::uuid AND pm.user_id = $2))))
                       AND ($5::text IS NULL OR EXISTS (
                             SELECT 1 FROM team_channels c WHERE c.workspace_id = $3 AND c.name = $5::text))) AS allowed`,
    [session.familyId, session.userId, doc.workspaceId, project, channel],
  );
  const row = rows[0];
  return { live: row?.live === true, allowed: row?.live === true && row.allowed === true, name: row?.name ?? '' };
}

/** Appends one update (in the writer's scope) and tells every instance about it, in one transaction. */
export async function appendUpdate(
  q: Queryable,
  ws: number,
  doc: string,
  update: Uint8Array,
  notice: (id: string) => string,
  channel: string,
): Promise<string> {
  await q.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [YJS_LOCK, `${ws}/${doc}`]);
  const rows = await q.query<{ id: string }>(`INSERT INTO yjs_updates (workspace_id, doc, update) VALUES ($1, $2, $3) RETURNING id::text`, [
    ws,
    doc,
    update,
  ]);
  const id = rows[0].id;
  await q.query(`SELECT pg_notify($1, $2)`, [channel, notice(id)]);
  return id;
}

export async function lockDoc(q: Queryable, ws: number, doc: string): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [YJS_LOCK, `${ws}/${doc}`]);
}

export interface UpdateRow {
  id: string;
  update: Uint8Array;
}

export async function loadUpdates(q: Queryable, ws: number, doc: string): Promise<UpdateRow[]> {
  return q.query<UpdateRow>(`SELECT id::text, update FROM yjs_updates WHERE workspace_id = $1 AND doc = $2 ORDER BY id`, [ws, doc]);
}

export async function updateById(q: Queryable, ws: number, doc: string, id: string): Promise<Uint8Array | null> {
  const rows = await q.query<{ update: Uint8Array }>(`SELECT update FROM yjs_updates WHERE workspace_id = $1 AND doc = $2 AND id = $3`, [
    ws,
    doc,
    id,
  ]);
  return rows[0]?.update ?? null;
}

/** Replaces the rows `ids` by one update that holds them all (the caller holds the document's lock). */
export async function compact(q: Queryable, ws: number, doc: string, ids: readonly string[], merged: Uint8Array): Promise<void> {
  await q.query(`DELETE FROM yjs_updates WHERE workspace_id = $1 AND doc = $2 AND id = ANY ($3::bigint[])`, [ws, doc, ids]);
  await q.query(`INSERT INTO yjs_updates (workspace_id, doc, update) VALUES ($1, $2, $3)`, [ws, doc, merged]);
}

export interface TaskRow {
  id: string;
  title: string;
  status: string;
  priority: string;
  sort_order: string;
  assignee_id: number | null;
  reporter_id: number | null;
  labels: string[];
  due_date: string | null;
}

/**
 * Makes `project_tasks` of one project exactly `tasks` (the caller holds the document's lock). A
 * project deleted meanwhile has nothing to write.
 */
export async function replaceTasks(q: Queryable, ws: number, project: string, tasks: readonly TaskRow[]): Promise<void> {
  const exists = await q.query(`SELECT 1 FROM projects WHERE workspace_id = $1 AND id = $2 FOR KEY SHARE`, [ws, project]);
  if (exists.length === 0) return;
  await q.query(`DELETE FROM project_tasks WHERE workspace_id = $1 AND project_id = $2 AND NOT (id = ANY ($3::uuid[]))`, [
    ws,
    project,
    tasks.map((t) => t.id),
  ]);
  if (tasks.length === 0) return;
  await q.query(
    `INSERT INTO project_tasks (workspace_id, project_id, id, title, status, priority, sort_order, assignee_id, reporter_id, labels, due_date, updated_at)
     SELECT $1, $2, t.id, t.title, t.status, t.priority, t.sort_order, t.assignee_id, t.reporter_id,
            ARRAY(SELECT jsonb_array_elements_text(t.labels)), t.due_date, now()
       FROM jsonb_to_recordset($3::jsonb) AS t(id uuid, title text, status text, priority text, sort_order text,
                                                assignee_id integer, reporter_id integer, labels jsonb, due_date date)
     ON CONFLICT (workspace_id, project_id, id) DO UPDATE SET
       title = EXCLUDED.title, status = EXCLUDED.status, priority = EXCLUDED.priority, sort_order = EXCLUDED.sort_order,
       assignee_id = EXCLUDED.assignee_id, reporter_id = EXCLUDED.reporter_id, labels = EXCLUDED.labels,
       due_date = EXCLUDED.due_date, updated_at = now()
     WHERE (project_tasks.title, project_tasks.status, project_tasks.priority, project_tasks.sort_order, project_tasks.assignee_id,
            project_tasks.reporter_id, project_tasks.labels, project_tasks.due_date)
           IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.status, EXCLUDED.priority, EXCLUDED.sort_order, EXCLUDED.assignee_id,
            EXCLUDED.reporter_id, EXCLUDED.labels, EXCLUDED.due_date)`,
    [ws, project, JSON.stringify(tasks)],
  );
}
