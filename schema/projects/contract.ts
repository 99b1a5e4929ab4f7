import { z } from 'zod';
import { calendarDate, idParam } from '../kit/input.js';
import { endpoint } from '../kit/http.js';
import {
  channelCreate,
  channelDto,
  channelList,
  memberAdd,
  projectCreate,
  projectDetail,
  projectId,
  projectList,
  projectPatch,
  taskDueList,
} from './projects.js';

const ws = z.object({ id: idParam });
const project = z.object({ id: idParam, projectId });
const member = z.object({ id: idParam, projectId, userId: idParam });

/**
 * Projects (spec §3 "Projects and planner"): who may open a project's document, and its name, status
 * and priority. The board itself is the project's Yjs document (`/api/yjs/project:<workspace>:<id>`).
 */
export const projectsContract = {
  list: endpoint({ method: 'GET', path: '/api/workspaces/:id/projects', params: ws, response: projectList }),
  create: endpoint({ method: 'POST', path: '/api/workspaces/:id/projects', params: ws, body: projectCreate, response: projectDetail }),
  get: endpoint({ method: 'GET', path: '/api/workspaces/:id/projects/:projectId', params: project, response: projectDetail }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/projects/:projectId',
    params: project,
    body: projectPatch,
    response: projectDetail,
  }),
  addMember: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/projects/:projectId/members',
    params: project,
    body: memberAdd,
    response: projectDetail,
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/api/workspaces/:id/projects/:projectId/members/:userId',
    params: member,
    response: projectDetail,
  }),
  /** Tasks with a due date in [from, to], for the planner's calendar. */
  due: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/project-tasks/due',
    params: ws,
    query: z.object({ from: calendarDate, to: calendarDate }),
    response: taskDueList,
  }),
  /** Team channels: every member of the workspace sees and opens them (`/api/yjs/channel:<workspace>:<name>`). */
  channels: endpoint({ method: 'GET', path: '/api/workspaces/:id/channels', params: ws, response: channelList }),
  createChannel: endpoint({ method: 'POST', path: '/api/workspaces/:id/channels', params: ws, body: channelCreate, response: channelDto }),
} as const;
