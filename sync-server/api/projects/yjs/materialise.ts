import * as Y from 'yjs';
import { z } from 'zod';
import { boardTask } from '../../../../schema/projects/projects.js';
import type { TaskRow } from './yjs.repo.js';

const taskId = z.uuid();

/**
 * A project document's tasks as `project_tasks` rows. What does not fit the task schema (a client
 * may write anything into a document) is left out rather than stored; the board shows the same.
 */
export function tasksOf(doc: Y.Doc): TaskRow[] {
  const rows: TaskRow[] = [];
  doc.getMap('tasks').forEach((value, id) => {
    if (!(value instanceof Y.Map) || !taskId.safeParse(id).success) return;
    const parsed = boardTask.safeParse(value.toJSON());
    if (!parsed.success) return;
    const t = parsed.data;
    rows.push({
      id,
      title: t.title,
      status: t.status,
      priority: t.priority,
      sort_order: t.order,
      assignee_id: t.assignee,
      reporter_id: t.reporter,
      labels: t.labels,
      due_date: t.due,
    });
  });
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
