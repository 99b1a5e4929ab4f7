import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  projectMessages,
  type ProjectDetail,
  type memberAdd,
  type projectCreate,
  type projectPatch,
} from '../../../schema/projects/projects.js';
import { withScope, type Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Membership } from '../workspaces/membership.js';
import * as repo from './projects.repo.js';

/** A signed-in, active member of the workspace a projects request names. */
export interface ProjectsCaller {
  userId: number;
  workspaceId: number;
  membership: Membership;
}

/** Workspace owners and admins see and manage every project; others the projects they are on. */
const seesAll = (c: ProjectsCaller) => c.membership.role === 'owner' || c.membership.role === 'admin';

function scoped<T>(deps: AppDeps, c: ProjectsCaller, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return withScope(deps.db, { userId: c.userId, workspaceId: c.workspaceId }, fn);
}

export async function listProjects(deps: AppDeps, c: ProjectsCaller) {
  return { projects: await scoped(deps, c, (q) => repo.listProjects(q, c.workspaceId, c.userId, seesAll(c))) };
}

/** A project the caller may open: 404 when there is none, 403 when they are not on it. */
async function visible(q: Queryable, c: ProjectsCaller, id: string) {
  const project = await repo.findProject(q, c.workspaceId, c.userId, id);
  if (!project) throw notFound(projectMessages.notFound);
  if (project.my_role === null && !seesAll(c)) throw forbidden(projectMessages.notMember);
  return project;
}

async function detail(deps: AppDeps, c: ProjectsCaller, id: string): Promise<ProjectDetail> {
  const project = await scoped(deps, c, (q) => visible(q, c, id));
  // User names are outside the workspace scope; the membership rows name whose to read.
  return { ...project, members: await repo.members(deps.db, c.workspaceId, id) };
}

export async function getProject(deps: AppDeps, c: ProjectsCaller, id: string): Promise<ProjectDetail> {
  return detail(deps, c, id);
}

export async function createProject(deps: AppDeps, c: ProjectsCaller, body: z.output<typeof projectCreate>): Promise<ProjectDetail> {
  const id = randomUUID();
  await scoped(deps, c, async (q) => {
    await repo.insertProject(q, {
      ws: c.workspaceId,
      id,
      name: body.name,
      description: body.description ?? '',
      status: body.status,
      priority: body.priority,
      userId: c.userId,
    });
    await repo.addMember(q, c.workspaceId, id, c.userId, 'owner');
  });
  return detail(deps, c, id);
}

/** Changing a project or its members: its owners, and the workspace's owner and admins. */
async function managed(q: Queryable, c: ProjectsCaller, id: string) {
  const project = await visible(q, c, id);
  if (project.my_role !== 'owner' && !seesAll(c)) throw forbidden('Only the project owner can do this');
  return project;
}

export async function updateProject(deps: AppDeps, c: ProjectsCaller, id: string, body: z.output<typeof projectPatch>) {
  await scoped(deps, c, async (q) => {
    await managed(q, c, id);
    await repo.updateProject(q, c.workspaceId, id, body);
  });
  return detail(deps, c, id);
}

export async function addMember(deps: AppDeps, c: ProjectsCaller, id: string, body: z.output<typeof memberAdd>) {
  await scoped(deps, c, async (q) => {
    await managed(q, c, id);
    if (!(await repo.isWorkspaceMember(q, c.workspaceId, body.user_id))) throw badRequest(projectMessages.member);
    await repo.addMember(q, c.workspaceId, id, body.user_id, body.role);
  });
  return detail(deps, c, id);
}

/** Removing a member closes their open sockets on the project (a trigger announces it). */
export async function removeMember(deps: AppDeps, c: ProjectsCaller, id: string, userId: number) {
  await scoped(deps, c, async (q) => {
    await managed(q, c, id);
    const owners = await repo.ownerIds(q, c.workspaceId, id);
    if (owners.length === 1 && owners[0] === userId) throw badRequest(projectMessages.lastOwner);
    await repo.removeMember(q, c.workspaceId, id, userId);
  });
  return detail(deps, c, id);
}

export async function dueTasks(deps: AppDeps, c: ProjectsCaller, from: string, to: string) {
  return { tasks: await scoped(deps, c, (q) => repo.dueTasks(q, c.workspaceId, c.userId, seesAll(c), from, to)) };
}

/** Team channels: any active member of the workspace lists them and starts one. */
export async function listChannels(deps: AppDeps, c: ProjectsCaller) {
  return { channels: await scoped(deps, c, (q) => repo.listChannels(q, c.workspaceId)) };
}

export async function createChannel(deps: AppDeps, c: ProjectsCaller, name: string) {
  const created = await scoped(deps, c, (q) => repo.insertChannel(q, c.workspaceId, name, c.userId));
  if (!created) throw conflict(projectMessages.channelTaken);
  return created;
}
