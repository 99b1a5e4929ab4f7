import { z } from 'zod';
import { liveCloseCode } from '../sync/live.js';
import { CHANNEL_NAME } from './channel-name.js';
import { calendarDate, id, text } from '../kit/input.js';

/** spec §3 "Projects and planner". */
export const projectStatuses = ['planning', 'active', 'on_hold', 'completed', 'cancelled'] as const;
export const projectPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export const taskStatuses = ['todo', 'in_progress', 'in_review', 'completed', 'cancelled'] as const;
export const commentTypes = ['comment', 'mention', 'status_change', 'assignment'] as const;
export const projectRoles = ['owner', 'member'] as const;

export type ProjectStatus = (typeof projectStatuses)[number];
export type ProjectPriority = (typeof projectPriorities)[number];
export type TaskStatus = (typeof taskStatuses)[number];
export type CommentType = (typeof commentTypes)[number];

export const projectStatusLabels: Record<ProjectStatus, string> = {
  planning: 'Planning',
  active: 'Active',
  on_hold: 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
export const priorityLabels: Record<ProjectPriority, string> = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' };
export const taskStatusLabels: Record<TaskStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  in_review: 'In review',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** What a person is told when a project or task cannot be stored. */
export const projectMessages = {
  name: 'Give the project a name',
  title: 'Give the task a title',
  notFound: 'Project not found',
  notMember: 'You are not a member of this project',
  member: 'That person is not a member of this workspace',
  lastOwner: 'A project keeps at least one owner',
  comment: 'A comment cannot be empty',
  message: 'A message cannot be empty',
  channel: 'Give the channel a name',
  channelName: 'A channel name has at most 40 letters, digits and dashes',
  channelTaken: 'There is already a channel with that name',
  channelNotFound: 'Channel not found',
} as const;

export const projectId = z.uuid();

export const projectCreate = z.object({
  name: text().trim().min(1, projectMessages.name).max(200),
  description: text(5000).trim().optional(),
  status: z.enum(projectStatuses).default('active'),
  priority: z.enum(projectPriorities).default('medium'),
});

export const projectPatch = z.object({
  name: text().trim().min(1, projectMessages.name).max(200).optional(),
  description: text(5000).trim().optional(),
  status: z.enum(projectStatuses).optional(),
  priority: z.enum(projectPriorities).optional(),
});

export const projectMemberDto = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(projectRoles),
});
export type ProjectMemberDto = z.infer<typeof projectMemberDto>;

export const projectDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(projectStatuses),
  priority: z.enum(projectPriorities),
  created_at: z.string(),
  /** Open tasks as the materialiser last counted them. */
  open_tasks: z.number(),
  /** The caller's role here; null when the caller sees it as a workspace owner or admin only. */
  my_role: z.enum(projectRoles).nullable(),
});
export type ProjectDto = z.infer<typeof projectDto>;

export const projectDetail = projectDto.extend({ members: z.array(projectMemberDto) });
export type ProjectDetail = z.infer<typeof projectDetail>;

export const projectList = z.object({ projects: z.array(projectDto) });

export const memberAdd = z.object({ user_id: id, role: z.enum(projectRoles).default('member') });

/** A task due date as the planner shows it (from `project_tasks`). */
export const taskDueDto = z.object({
  id: z.string(),
  project_id: z.string(),
  project_name: z.string(),
  title: z.string(),
  status: z.enum(taskStatuses),
  due_date: z.string(),
});
export const taskDueList = z.object({ tasks: z.array(taskDueDto) });

/**
 * Names of Yjs documents (`/api/yjs/:doc`): `project:<workspace>:<project uuid>` holds one project's
 * board, descriptions, comments, chat, standups and noticeboard; `channel:<workspace>:<name>` one
 * team chat channel, open to every member of the workspace.
 */
export type DocName =
  { kind: 'project'; workspaceId: number; projectId: string } | { kind: 'channel'; workspaceId: number; channel: string };

const PROJECT_DOC = /^project:([1-9]\d{0,9}):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const CHANNEL_DOC = /^channel:([1-9]\d{0,9}):([a-z0-9][a-z0-9-]{0,39})$/;

export function parseDocName(name: string): DocName | null {
  const project = PROJECT_DOC.exec(name);
  if (project) {
    const workspaceId = Number(project[1]);
    return id.safeParse(workspaceId).success ? { kind: 'project', workspaceId, projectId: project[2] } : null;
  }
  const channel = CHANNEL_DOC.exec(name);
  if (channel) {
    const workspaceId = Number(channel[1]);
    return id.safeParse(workspaceId).success ? { kind: 'channel', workspaceId, channel: channel[2] } : null;
  }
  return null;
}

/**
 * Why the server closes a document's socket (`/api/yjs/:doc`), beside the live channel's codes. The
 * app reconnects after `sessionExpired` and `tooFast`; after `documentFull` and `tooLarge` it stays
 * off, since the same change would be refused again, and says so.
 */
export const yjsCloseCode = {
  ...liveCloseCode,
  /** A message that is not the protocol. */
  malformed: 1003,
  /** One message over the largest the server reads (RFC 6455 "message too big"). */
  tooLarge: 1009,
  /** More messages or bytes than the user's allowance (shared by their document sockets on one instance). */
  tooFast: 4008,
  /** The change would take the document past its size ceiling; it was not applied. */
  documentFull: 4009,
  /** No longer a member of the project or workspace. */
  removed: 4403,
} as const;
export type YjsCloseCode = (typeof yjsCloseCode)[keyof typeof yjsCloseCode];

export function projectDocName(workspaceId: number, project: string): string {
  return `project:${workspaceId}:${project}`;
}

export function channelDocName(workspaceId: number, channel: string): string {
  return `channel:${workspaceId}:${channel}`;
}

/**
 * A task as its document holds it (the Y.Map under `tasks`, keyed by the task's uuid). The title,
 * status, order and the rest are plain values; `description` is a Y.Text and `comments` a Y.Array
 * beside them, read separately. Anything in a document is what some client wrote, so the
 * materialiser reads it through this schema and leaves out a task that does not fit.
 */
export const boardTask = z.object({
  title: z.string().trim().min(1).max(500),
  status: z.enum(taskStatuses),
  priority: z.enum(projectPriorities).catch('medium'),
  /** A fractional-indexing key: tasks of a column sort by it, then by id. */
  order: z.string().min(1).max(200),
  assignee: z.number().int().positive().nullable().catch(null),
  reporter: z.number().int().positive().nullable().catch(null),
  labels: z.array(z.string().max(50)).max(20).catch([]),
  due: calendarDate.nullable().catch(null),
});
export type BoardTask = z.infer<typeof boardTask>;

export const taskTitle = text().trim().min(1, projectMessages.title).max(500);

/** A team channel's name as it is stored and addressed (`channel:<workspace>:<name>`). */
export { CHANNEL_NAME } from './channel-name.js';

/** What a person types ("Market day") as a channel name ("market-day"). */
export function channelSlug(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const channelCreate = z.object({
  name: text(200)
    .trim()
    .min(1, projectMessages.channel)
    .transform(channelSlug)
    .refine((v) => v.length > 0, projectMessages.channelName)
    .refine((v) => CHANNEL_NAME.test(v), projectMessages.channelName),
});

export const channelDto = z.object({ name: z.string(), created_at: z.string() });
export type ChannelDto = z.infer<typeof channelDto>;
export const channelList = z.object({ channels: z.array(channelDto) });
