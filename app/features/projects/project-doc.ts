import { generateKeyBetween } from 'fractional-indexing';
import * as Y from 'yjs';
import { z } from 'zod';
import {
  boardTask,
  commentTypes,
  type BoardTask,
  type CommentType,
  type ProjectPriority,
  type TaskStatus,
} from '../../../schema/projects/projects';

/**
 * One project's Yjs document (DESIGN.md §6): `tasks` (a Y.Map of task maps keyed by uuid, each with
 * its plain fields, a `description` Y.Text and a `comments` Y.Array), `chat` and `reactions`,
 * `standups` and `notices`. Every change goes through these functions, each one Yjs transaction, so
 * two people's edits made at once — online or not — merge with nothing to resolve by hand.
 */

export interface TaskView extends BoardTask {
  id: string;
}

const uuid = z.uuid();

export function tasksMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap('tasks');
}

function taskMap(doc: Y.Doc, id: string): Y.Map<unknown> | null {
  const value = tasksMap(doc).get(id);
  return value instanceof Y.Map ? value : null;
}

/** Sorts a column: by fractional key, then by id, so two cards dropped on one key keep one order everywhere. */
export function byOrder(a: TaskView, b: TaskView): number {
  if (a.order !== b.order) return a.order < b.order ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every well-formed task (what does not fit the schema is not shown, as the server does not store it). */
export function readTasks(doc: Y.Doc): TaskView[] {
  const out: TaskView[] = [];
  tasksMap(doc).forEach((value, id) => {
    if (!(value instanceof Y.Map) || !uuid.safeParse(id).success) return;
    const parsed = boardTask.safeParse(value.toJSON());
    if (parsed.success) out.push({ id, ...parsed.data });
  });
  return out.sort(byOrder);
}

export function readTask(doc: Y.Doc, id: string): TaskView | null {
  const map = taskMap(doc, id);
  if (!map) return null;
  const parsed = boardTask.safeParse(map.toJSON());
  return parsed.success ? { id, ...parsed.data } : null;
}

export function column(tasks: readonly TaskView[], status: TaskStatus): TaskView[] {
  return tasks.filter((t) => t.status === status).sort(byOrder);
}

/** A key that sorts between the tasks `before` and `after` of a column (either may be absent). */
function keyBetween(list: readonly TaskView[], index: number): string {
  const before = list[index - 1]?.order ?? null;
  let after: string | null = list[index]?.order ?? null;
  // Equal neighbours (two cards dropped at once): go past the tie to the next distinct key.
  if (before !== null && after !== null && after <= before) {
    after = list.slice(index).find((t) => t.order > before)?.order ?? null;
  }
  return generateKeyBetween(before, after);
}

export interface NewTask {
  title: string;
  status?: TaskStatus;
  priority?: ProjectPriority;
  reporter: number | null;
  assignee?: number | null;
  due?: string | null;
  labels?: string[];
  description?: string;
}

/** Adds a task at the bottom of its column; returns its id. */
export function addTask(doc: Y.Doc, task: NewTask, id: string = crypto.randomUUID()): string {
  const status = task.status ?? 'todo';
  const list = column(readTasks(doc), status);
  doc.transact(() => {
    const map = new Y.Map<unknown>();
    map.set('title', task.title.trim());
    map.set('status', status);
    map.set('priority', task.priority ?? 'medium');
    map.set('order', keyBetween(list, list.length));
    map.set('assignee', task.assignee ?? null);
    map.set('reporter', task.reporter);
    map.set('labels', task.labels ?? []);
    map.set('due', task.due ?? null);
    map.set('description', new Y.Text(task.description ?? ''));
    map.set('comments', new Y.Array<unknown>());
    map.set('created_at', new Date().toISOString());
    tasksMap(doc).set(id, map);
  });
  return id;
}

/**
 * Moves a task to `status` at `index` among that column's other tasks. A move to another column is
 * also a status_change comment, by `by`.
 */
export function moveTask(doc: Y.Doc, id: string, status: TaskStatus, index: number, by?: { id: number | null; name: string }): void {
  const map = taskMap(doc, id);
  const task = readTask(doc, id);
  if (!map || !task) return;
  const others = column(readTasks(doc), status).filter((t) => t.id !== id);
  const at = Math.max(0, Math.min(index, others.length));
  doc.transact(() => {
    map.set('order', keyBetween(others, at));
    if (task.status !== status) {
      map.set('status', status);
      if (by) pushComment(map, { type: 'status_change', body: `${task.status}→${status}`, author: by.id, name: by.name });
    }
  });
}

export interface TaskPatch {
  title?: string;
  priority?: ProjectPriority;
  assignee?: number | null;
  due?: string | null;
  labels?: string[];
}

export function updateTask(doc: Y.Doc, id: string, patch: TaskPatch, by?: { id: number | null; name: string }): void {
  const map = taskMap(doc, id);
  if (!map) return;
  doc.transact(() => {
    if (patch.title !== undefined) map.set('title', patch.title.trim());
    if (patch.priority !== undefined) map.set('priority', patch.priority);
    if (patch.due !== undefined) map.set('due', patch.due);
    if (patch.labels !== undefined) map.set('labels', patch.labels);
    if (patch.assignee !== undefined && patch.assignee !== map.get('assignee')) {
      map.set('assignee', patch.assignee);
      if (by)
        pushComment(map, { type: 'assignment', body: patch.assignee === null ? '' : String(patch.assignee), author: by.id, name: by.name });
    }
  });
}

export function deleteTask(doc: Y.Doc, id: string): void {
  doc.transact(() => {
    tasksMap(doc).delete(id);
    const attachments = doc.getMap('attachments');
    for (const key of [...attachments.keys()]) if (key.startsWith(`${id} `)) attachments.delete(key);
  });
}

/** The task's shared description, edited by everyone at once. */
export function descriptionOf(doc: Y.Doc, id: string): Y.Text | null {
  const value = taskMap(doc, id)?.get('description');
  return value instanceof Y.Text ? value : null;
}

export const taskComment = z.object({
  id: z.string(),
  type: z.enum(commentTypes),
  body: z.string(),
  author: z.number().nullable(),
  name: z.string(),
  at: z.string(),
});
export type TaskComment = z.infer<typeof taskComment>;

function pushComment(map: Y.Map<unknown>, c: { type: CommentType; body: string; author: number | null; name: string }) {
  const list = map.get('comments');
  if (!(list instanceof Y.Array)) return;
  const comment: TaskComment = { id: crypto.randomUUID(), at: new Date().toISOString(), ...c };
  list.push([comment]);
}

/** A comment, or a mention when it names someone with @. */
export function addComment(doc: Y.Doc, id: string, c: { body: string; author: number | null; name: string }): void {
  const map = taskMap(doc, id);
  if (!map) return;
  doc.transact(() => pushComment(map, { ...c, type: /(^|\s)@\S/.test(c.body) ? 'mention' : 'comment' }));
}

export function commentsOf(doc: Y.Doc, id: string): TaskComment[] {
  const list = taskMap(doc, id)?.get('comments');
  if (!(list instanceof Y.Array)) return [];
  return list.toArray().flatMap((c) => {
    const parsed = taskComment.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * A task's attachments: drive files, by id. They sit in the document's top-level `attachments` map
 * keyed "task file", so two people attaching at once both keep theirs, and one file is attached to
 * a task once. The name and type are as the file was when attached, for showing offline; the drive
 * decides who may read the bytes.
 */
export const taskAttachment = z.object({
  file: z.uuid(),
  name: z.string().max(300),
  type: z.string().max(200),
  size: z.number().int().nonnegative(),
  by: z.number().nullable(),
  at: z.string(),
});
export type TaskAttachment = z.infer<typeof taskAttachment>;

function attachmentKey(taskId: string, fileId: string): string {
  return `${taskId} ${fileId}`;
}

export function attachFile(doc: Y.Doc, taskId: string, a: Omit<TaskAttachment, 'at'>): void {
  if (!taskMap(doc, taskId)) return;
  const entry: TaskAttachment = { ...a, at: new Date().toISOString() };
  doc.getMap('attachments').set(attachmentKey(taskId, a.file), entry);
}

export function detachFile(doc: Y.Doc, taskId: string, fileId: string): void {
  doc.getMap('attachments').delete(attachmentKey(taskId, fileId));
}

export function attachmentsOf(doc: Y.Doc, taskId: string): TaskAttachment[] {
  const out: TaskAttachment[] = [];
  doc.getMap('attachments').forEach((value, key) => {
    if (!key.startsWith(`${taskId} `)) return;
    const parsed = taskAttachment.safeParse(value);
    if (parsed.success && key === attachmentKey(taskId, parsed.data.file)) out.push(parsed.data);
  });
  return out.sort((a, b) => a.at.localeCompare(b.at) || a.file.localeCompare(b.file));
}
