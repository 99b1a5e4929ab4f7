import { useEffect } from 'react';
import { z } from 'zod';
import * as Y from 'yjs';
import type { Awareness } from 'y-protocols/awareness';
import {
  priorityLabels,
  projectMessages,
  projectPriorities,
  taskStatuses,
  taskStatusLabels,
  taskTitle,
  type ProjectMemberDto,
  type ProjectPriority,
  type TaskStatus,
} from '../../../schema/projects/projects';
import { text } from '../../../schema/kit/input';
import { useDocVersion } from './yjs-docs';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/form-controls';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import { DateField } from '../../ui/date-fields';
import * as w from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import type { Me } from './board';
import {
  addComment,
  column,
  commentsOf,
  deleteTask,
  descriptionOf,
  moveTask,
  readTask,
  readTasks,
  updateTask,
  type TaskComment,
} from './project-doc';
import * as s from './projects.css';
import { SharedText } from './shared-text';
import { Attachments } from './attachments';
import { assigneeOptions } from './assignee';
import { useWorkspaceDates } from '../../kit/date-format';

const titleForm = z.object({ title: taskTitle });
const commentForm = z.object({ body: text(2000).trim().min(1, projectMessages.comment) });
const statusOptions = taskStatuses.map((v) => ({ value: v, label: taskStatusLabels[v] }));
const priorityOptions = projectPriorities.map((v) => ({ value: v, label: priorityLabels[v] }));

/** A task over the board: its fields, the description everyone edits together, and its comments. */
export function TaskDialog({
  doc,
  workspaceId,
  awareness,
  taskId,
  me,
  members,
  onClose,
}: {
  doc: Y.Doc;
  workspaceId: number;
  awareness: Awareness | null;
  taskId: string;
  me: Me;
  members: readonly ProjectMemberDto[];
  onClose: () => void;
}) {
  useDocVersion(doc);
  const task = readTask(doc, taskId);
  const description = descriptionOf(doc, taskId);
  useEffect(() => {
    awareness?.setLocalStateField('task', taskId);
    return () => awareness?.setLocalStateField('task', null);
  }, [awareness, taskId]);

  if (!task) {
    return (
      <ModalDialog title="Task" isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
        <p className={w.muted}>This task was deleted.</p>
        <Button onPress={onClose}>Close</Button>
      </ModalDialog>
    );
  }
  const reporter = members.find((m) => m.user_id === task.reporter)?.name;

  return (
    <ModalDialog title={task.title} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <div className={w.dialogBody}>
        <TitleForm key={task.title} title={task.title} onSave={(title) => updateTask(doc, taskId, { title })} />
        <div className={w.twoColumns}>
          <SelectField<TaskStatus>
            label="Status"
            value={task.status}
            options={statusOptions}
            onChange={(status) => moveTask(doc, taskId, status, column(readTasks(doc), status).length, me)}
          />
          <SelectField<ProjectPriority>
            label="Priority"
            value={task.priority}
            options={priorityOptions}
            onChange={(priority) => updateTask(doc, taskId, { priority })}
          />
          <SelectField<string>
            label="Assignee"
            value={task.assignee === null ? 'none' : String(task.assignee)}
            options={assigneeOptions(members, task.assignee)}
            onChange={(v) => updateTask(doc, taskId, { assignee: v === 'none' ? null : Number(v) }, me)}
          />
          <DateField
            label="Due date"
            value={task.due ?? ''}
            onChange={(v) => updateTask(doc, taskId, { due: /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null })}
          />
        </div>
        {reporter ? <p className={w.muted}>Reported by {reporter}</p> : null}
        {description ? <SharedText text={description} awareness={awareness} taskId={taskId} me={me} /> : null}
        <Attachments doc={doc} workspaceId={workspaceId} taskId={taskId} me={me} />
        <Comments
          comments={commentsOf(doc, taskId)}
          members={members}
          onAdd={(body) => addComment(doc, taskId, { body, author: me.id, name: me.name })}
        />
        <div className={w.formActions}>
          <Button
            variant="ghost"
            onPress={() => {
              deleteTask(doc, taskId);
              onClose();
            }}
          >
            Delete task
          </Button>
          <Button onPress={onClose}>Done</Button>
        </div>
      </div>
    </ModalDialog>
  );
}

function TitleForm({ title, onSave }: { title: string; onSave: (title: string) => void }) {
  const form = useZodForm(titleForm, { title });
  const submit = form.handleSubmit((data) => onSave(data.title));
  return (
    <form className={s.addRow} onSubmit={submit} noValidate aria-label="Task title">
      <div style={{ flex: '1 1 220px' }}>
        <TextField label="Title" isRequired {...form.field('title')} />
      </div>
      <Button type="submit" variant="secondary">
        Save title
      </Button>
    </form>
  );
}

const commentWords: Record<TaskComment['type'], string> = {
  comment: 'commented',
  mention: 'mentioned',
  status_change: 'moved it',
  assignment: 'assigned it',
};

function Comments({
  comments,
  members,
  onAdd,
}: {
  comments: readonly TaskComment[];
  members: readonly ProjectMemberDto[];
  onAdd: (body: string) => void;
}) {
  const form = useZodForm(commentForm, { body: '' });
  const dates = useWorkspaceDates();
  const submit = form.handleSubmit((data) => {
    onAdd(data.body);
    form.set('body', '');
  });
  const bodyOf = (c: TaskComment) => {
    if (c.type === 'status_change') {
      const [from, to] = c.body.split('→');
      const label = (v: string | undefined) => taskStatusLabels[z.enum(taskStatuses).catch('todo').parse(v)];
      return `${label(from)} → ${label(to)}`;
    }
    if (c.type === 'assignment') return c.body ? `to ${members.find((m) => String(m.user_id) === c.body)?.name ?? 'someone'}` : 'to nobody';
    return c.body;
  };
  return (
    <section aria-label="Comments" className={w.stack}>
      <h3 className={w.sectionTitle}>Comments</h3>
      {comments.length === 0 ? <p className={w.muted}>No comments yet.</p> : null}
      <ul className={s.feed}>
        {comments.map((c) => (
          <li key={c.id} className={s.feedItem}>
            <span className={s.feedHead}>
              <strong>{c.name}</strong> {commentWords[c.type]} · {dates.dateTime(c.at)}
            </span>
            <span>{bodyOf(c)}</span>
          </li>
        ))}
      </ul>
      <form className={s.addRow} onSubmit={submit} noValidate aria-label="New comment">
        <div style={{ flex: '1 1 220px' }}>
          <TextField label="Comment" placeholder="Write a comment; @name mentions someone" {...form.field('body')} />
        </div>
        <Button type="submit" variant="secondary">
          Comment
        </Button>
      </form>
    </section>
  );
}
