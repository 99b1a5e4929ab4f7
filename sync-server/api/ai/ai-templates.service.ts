import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import { withScope } from '../../db/db.js';
import { conflict, notFound } from '../../http/errors.js';
import { aiMessages } from '../../../schema/ai/ai.js';
import type { TemplateDto, TemplateInput } from '../../../schema/ai/ai-templates.js';
import * as repo from './ai-templates.repo.js';

export interface TemplateCaller {
  userId: number;
  workspaceId: number;
}

const dto = (r: repo.TemplateRow): TemplateDto => ({
  id: r.id,
  name: r.name,
  operation: r.operation_type,
  template: r.template,
  variables: r.variables,
  updated_at: new Date(r.updated_at).toISOString(),
});

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
}

/** A name already used in the workspace is refused with the spec's kind of clear message. */
async function nameChecked<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(aiMessages.templateNameTaken);
    throw err;
  }
}

const scoped = <T>(deps: AppDeps, c: TemplateCaller, fn: Parameters<typeof withScope<T>>[2]) =>
  withScope(deps.db, { userId: c.userId, workspaceId: c.workspaceId }, fn);

export async function list(deps: AppDeps, c: TemplateCaller): Promise<{ templates: TemplateDto[] }> {
  const rows = await scoped(deps, c, (tx) => repo.listTemplates(tx, c.workspaceId));
  return { templates: rows.map(dto) };
}

export async function create(deps: AppDeps, c: TemplateCaller, input: TemplateInput): Promise<TemplateDto> {
  const row = await nameChecked(() =>
    scoped(deps, c, (tx) =>
      repo.insertTemplate(tx, { workspaceId: c.workspaceId, id: randomUUID(), userId: c.userId, now: deps.now(), ...input }),
    ),
  );
  if (!row) throw new Error('template insert returned no row');
  return dto(row);
}

export async function update(deps: AppDeps, c: TemplateCaller, id: string, input: TemplateInput): Promise<TemplateDto> {
  const row = await nameChecked(() =>
    scoped(deps, c, (tx) => repo.updateTemplate(tx, { workspaceId: c.workspaceId, id, now: deps.now(), ...input })),
  );
  if (!row) throw notFound(aiMessages.templateNotFound);
  return dto(row);
}

export async function remove(deps: AppDeps, c: TemplateCaller, id: string): Promise<{ message: string }> {
  if (!(await scoped(deps, c, (tx) => repo.deleteTemplate(tx, c.workspaceId, id)))) throw notFound(aiMessages.templateNotFound);
  return { message: 'Template deleted' };
}
