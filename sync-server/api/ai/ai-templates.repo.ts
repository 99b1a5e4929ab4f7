import type { Queryable } from '../../db/db.js';
import type { AiOperation } from '../../../schema/ai/ai.js';

/** SQL for a workspace's prompt templates; every function runs inside the workspace's scope (RLS). */

export interface TemplateRow {
  id: string;
  name: string;
  operation_type: AiOperation;
  template: string;
  variables: string[];
  updated_at: Date | string;
}

const columns = 'id, name, operation_type, template, variables, updated_at';

export function listTemplates(q: Queryable, workspaceId: number): Promise<TemplateRow[]> {
  return q.query<TemplateRow>(`SELECT ${columns} FROM ai_prompt_templates WHERE workspace_id = $1 ORDER BY lower(name)`, [workspaceId]);
}

export async function insertTemplate(
  q: Queryable,
  t: {
    workspaceId: number;
    id: string;
    name: string;
    operation: AiOperation;
    template: string;
    variables: string[];
    userId: number;
    now: Date;
  },
): Promise<TemplateRow | undefined> {
  const rows = await q.query<TemplateRow>(
    `INSERT INTO ai_prompt_templates (workspace_id, id, name, operation_type, template, variables, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${columns}`,
    [t.workspaceId, t.id, t.name, t.operation, t.template, t.variables, t.userId, t.now],
  );
  return rows[0];
}

export async function updateTemplate(
  q: Queryable,
  t: { workspaceId: number; id: string; name: string; operation: AiOperation; template: string; variables: string[]; now: Date },
): Promise<TemplateRow | undefined> {
  const rows = await q.query<TemplateRow>(
    `UPDATE ai_prompt_templates SET name = $3, operation_type = $4, template = $5, variables = $6, updated_at = $7
      WHERE workspace_id = $1 AND id = $2 RETURNING ${columns}`,
    [t.workspaceId, t.id, t.name, t.operation, t.template, t.variables, t.now],
  );
  return rows[0];
}

export async function deleteTemplate(q: Queryable, workspaceId: number, id: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>('DELETE FROM ai_prompt_templates WHERE workspace_id = $1 AND id = $2 RETURNING id', [
    workspaceId,
    id,
  ]);
  return rows.length > 0;
}

export async function workspaceName(q: Queryable, workspaceId: number): Promise<string> {
  const rows = await q.query<{ name: string }>('SELECT name FROM workspaces WHERE id = $1', [workspaceId]);
  return rows[0]?.name ?? '';
}
