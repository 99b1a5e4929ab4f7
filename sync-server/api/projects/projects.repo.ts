import type { Queryable } from '../../db/db.js';
import type { ChannelDto, ProjectDto, ProjectMemberDto, TaskStatus } from '../../../schema/projects/projects.js';

/** The projects' SQL; every function runs inside the caller's workspace scope (row-level security). */

interface ProjectRow {
  id: string;
  name: string;
  description: string;
  status: ProjectDto['status'];
  priority: ProjectDto['priority'];
  created_at: Date | string;
  open_tasks: number | string;
  my_role: ProjectDto['my_role'];
}

const dto = (r: ProjectRow): ProjectDto => ({
  id: r.id,
  name: r.name,
  description: r.description,
  status: r.status,
  priority: r.priority,
  created_at: new Date(r.created_at).toISOString(),
  open_tasks: Number(r.open_tasks),
  my_role: r.my_role,
});

const SELECT = `SELECT p.id, p.name, p.description, p.status, p.priority, p.created_at,
       (SELECT count(*) FROM project_tasks t WHERE t.workspace_id = p.workspace_id AND t.project_id = p.id
           AND t.status NOT IN ('completed', 'cancelled')) AS open_tasks,
       (SELECT pm.role FROM project_members pm WHERE pm.workspace_id = p.workspace_id AND pm.project_id = p.id AND pm.user_id = $2) AS my_role
  FROM projects p`;

/** Projects the user is on, or every project when `all` (a workspace owner or admin). */
export async function listProjects(q: Queryable, ws: number, userId: number, all: boolean): Promise<ProjectDto[]> {
  const rows = await q.query<ProjectRow>(
    `${SELECT} WHERE p.workspace_id = $1 AND ($3 OR EXISTS (
        SELECT 1 FROM project_members pm WHERE pm.workspace_id = p.workspace_id AND pm.project_id = p.id AND pm.user_id = $2))
      ORDER BY p.created_at DESC, p.id`,
    [ws, userId, all],
  );
  return rows.map(dto);
}

export async function findProject(q: Queryable, ws: number, userId: number, id: string): Promise<ProjectDto | undefined> {
  const rows = await q.query<ProjectRow>(`${SELECT} WHERE p.workspace_id = $1 AND p.id = $3`, [ws, userId, id]);
  return rows[0] ? dto(rows[0]) : undefined;
}

export async function insertProject(
  q: Queryable,
  p: { ws: number; id: string; name: string; description: string; status: string; priority: string; userId: number },
): Promise<void> {
  await q.query(
    `INSERT INTO projects (workspace_id, id, name, description, status, priority, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [p.ws, p.id, p.name, p.description, p.status, p.priority, p.userId],
  );
}

export async function updateProject(
  q: Queryable,
  ws: number,
  id: string,
  patch: { name?: string; description?: string; status?: string; priority?: string },
): Promise<void> {
  await q.query(
    `UPDATE projects SET name = coalesce($3, name), description = coalesce($4, description), status = coalesce($5, status),
            priority = coalesce($6, priority), updated_at = now()
      WHERE workspace_id = $1 AND id = $2`,
    [ws, id, patch.name ?? null, patch.description ?? null, patch.status ?? null, patch.priority ?? null],
  );
}

/** Names come from `users`, outside any workspace scope: run as owner, with the workspace named. */
export async function members(q: Queryable, ws: number, project: string): Promise<ProjectMemberDto[]> {
  return q.query<ProjectMemberDto>(
    `SELECT pm.user_id, coalesce(nullif(u.full_name, ''), u.email) AS name, u.email, pm.role
       FROM project_members pm JOIN users u ON u.id = pm.user_id
      WHERE pm.workspace_id = $1 AND pm.project_id = $2
      ORDER BY pm.added_at, pm.user_id`,
    [ws, project],
  );
}

export async function ownerIds(q: Queryable, ws: number, project: string): Promise<number[]> {
  const rows = await q.query<{ user_id: number }>(
    `SELECT user_id FROM project_members WHERE workspace_id = $1 AND project_id = $2 AND role = 'owner'`,
    [ws, project],
  );
  return rows.map((r) => r.user_id);
}

export async function addMember(q: Queryable, ws: number, project: string, userId: number, role: string): Promise<void> {
  await q.query(
    `INSERT INTO project_members (workspace_id, project_id, user_id, role) VALUES ($1, $2, $3, $4)
     ON CONFLICT (workspace_id, project_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
    [ws, project, userId, role],
  );
}

export async function removeMember(q: Queryable, ws: number, project: string, userId: number): Promise<void> {
  await q.query(`DELETE FROM project_members WHERE workspace_id = $1 AND project_id = $2 AND user_id = $3`, [ws, project, userId]);
}

export async function isWorkspaceMember(q: Queryable, ws: number, userId: number): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM workspace_members WHERE workspace_id = $1 AND user_id = $2 AND is_active`, [ws, userId]);
  return rows.length > 0;
}

export async function dueTasks(q: Queryable, ws: number, userId: number, all: boolean, from: string, to: string) {
  return q.query<{ id: string; project_id: string; project_name: string; title: string; status: TaskStatus; due_date: string }>(
    `SELECT t.id, t.project_id, p.name AS project_name, t.title, t.status, to_char(t.due_date, 'YYYY-MM-DD') AS due_date
       FROM project_tasks t JOIN projects p ON p.workspace_id = t.workspace_id AND p.id = t.project_id
      WHERE t.workspace_id = $1 AND t.due_date BETWEEN $3::date AND $4::date
        AND ($5 OR EXISTS (SELECT 1 FROM project_members pm WHERE pm.workspace_id = t.workspace_id AND pm.project_id = t.project_id AND pm.user_id = $2))
      ORDER BY t.due_date, t.title`,
    [ws, userId, from, to, all],
  );
}

export async function listChannels(q: Queryable, ws: number): Promise<ChannelDto[]> {
  const rows = await q.query<{ name: string; created_at: Date | string }>(
    `SELECT name, created_at FROM team_channels WHERE workspace_id = $1 ORDER BY name`,
    [ws],
  );
  return rows.map((r) => ({ name: r.name, created_at: new Date(r.created_at).toISOString() }));
}

/** The new channel, or null when the workspace has one of that name already. */
export async function insertChannel(q: Queryable, ws: number, name: string, userId: number): Promise<ChannelDto | null> {
  const rows = await q.query<{ name: string; created_at: Date | string }>(
    `INSERT INTO team_channels (workspace_id, name, created_by) VALUES ($1, $2, $3)
     ON CONFLICT (workspace_id, name) DO NOTHING RETURNING name, created_at`,
    [ws, name, userId],
  );
  const row = rows[0];
  return row ? { name: row.name, created_at: new Date(row.created_at).toISOString() } : null;
}
