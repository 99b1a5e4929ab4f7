import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
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
} from '../../../schema/projects';
import { text } from '../../../schema/input';
import { useAwarenessStates, useDocVersion } from '../../data/yjs-docs';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/form-controls';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import * as w from '../../ui/page.css';
import { useZodForm } from '../forms/use-zod-form';
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

const titleForm = z.object({ title: taskTitle });
const commentForm = z.object({ body: text(2000).trim().min(1, projectMessages.comment) });
const statusOptions = taskStatuses.map((v) => ({ value: v, label: taskStatusLabels[v] }));
const priorityOptions = projectPriorities.map((v) => ({ value: v, label: priorityLabels[v] }));

/** A task over the board: its fields, the description everyone edits together, and its comments. */
export function TaskDialog({
  doc,
  awareness,
  taskId,
  me,
  members,
  onClose,
}: {
  doc: Y.Doc;
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
  const assigneeOptions = [
    { value: 'none', label: 'Nobody' },
    ...members.map((m) => ({ value: String(m.user_id), label: m.name })),
    ...(task.assignee !== null && !members.some((m) => m.user_id === task.assignee)
      ? [{ value: String(task.assignee), label: 'A former member' }]
      : []),
  ];
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
            options={assigneeOptions}
            onChange={(v) => updateTask(doc, taskId, { assignee: v === 'none' ? null : Number(v) }, me)}
          />
          <TextField
            label="Due date"
            type="date"
            value={task.due ?? ''}
            onChange={(v) => updateTask(doc, taskId, { due: /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null })}
          />
        </div>
        {reporter ? <p className={w.muted}>Reported by {reporter}</p> : null}
        {description ? <SharedText text={description} awareness={awareness} taskId={taskId} me={me} /> : null}
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

interface Peer {
  name: string;
  /** Where their cursor is in this description, when they are in it. */
  at: number | null;
}

/**
 * The task's description, a Y.Text edited by everyone at once: each keystroke becomes the smallest
 * insert and delete, remote edits keep the local cursor where it was in the text, and everyone
 * else's cursor is shown by name and position.
 */
function SharedText({ text: ytext, awareness, taskId, me }: { text: Y.Text; awareness: Awareness | null; taskId: string; me: Me }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState(() => ytext.toString());
  const selection = useRef<[number, number] | null>(null);
  const states = useAwarenessStates(awareness);

  useEffect(() => {
    setValue(ytext.toString());
    const observer = (event: Y.YTextEvent) => {
      if (event.transaction.origin === ref) return;
      const el = ref.current;
      if (el && document.activeElement === el) {
        let [start, end] = [el.selectionStart, el.selectionEnd];
        let index = 0;
        for (const d of event.delta) {
          if (d.retain !== undefined) index += d.retain;
          else if (typeof d.insert === 'string') {
            if (index < start) start += d.insert.length;
            if (index < end) end += d.insert.length;
            index += d.insert.length;
          } else if (d.delete !== undefined) {
            if (index < start) start -= Math.min(d.delete, start - index);
            if (index < end) end -= Math.min(d.delete, end - index);
          }
        }
        selection.current = [start, end];
      }
      setValue(ytext.toString());
    };
    ytext.observe(observer);
    return () => ytext.unobserve(observer);
  }, [ytext]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && selection.current) {
      el.setSelectionRange(selection.current[0], selection.current[1]);
      selection.current = null;
    }
  }, [value]);

  const publishCursor = () => {
    const el = ref.current;
    if (!awareness || !el) return;
    const rel = Y.createRelativePositionFromTypeIndex(ytext, el.selectionStart);
    awareness.setLocalStateField('cursor', { task: taskId, pos: Y.relativePositionToJSON(rel) });
  };

  const onChange = (next: string) => {
    const prev = ytext.toString();
    let start = 0;
    while (start < prev.length && start < next.length && prev[start] === next[start]) start++;
    let end = 0;
    while (end < prev.length - start && end < next.length - start && prev[prev.length - 1 - end] === next[next.length - 1 - end]) end++;
    ytext.doc?.transact(() => {
      const removed = prev.length - start - end;
      if (removed > 0) ytext.delete(start, removed);
      const inserted = next.slice(start, next.length - end);
      if (inserted) ytext.insert(start, inserted);
    }, ref);
    setValue(next);
    publishCursor();
  };

  const peers: Peer[] = [];
  for (const [clientId, state] of states) {
    if (clientId === awareness?.clientID) continue;
    const user = z.object({ name: z.string() }).safeParse(state.user);
    if (!user.success || state.task !== taskId) continue;
    const cursor = z.object({ task: z.string(), pos: z.unknown() }).safeParse(state.cursor);
    let at: number | null = null;
    if (cursor.success && cursor.data.task === taskId && ytext.doc) {
      const abs = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(cursor.data.pos), ytext.doc);
      at = abs && abs.type === ytext ? abs.index : null;
    }
    peers.push({ name: user.data.name, at });
  }

  return (
    <AriaTextField value={value} onChange={onChange} className={w.fieldWrap}>
      <Label className={w.fieldLabel}>Description</Label>
      <TextArea ref={ref} className={s.description} onSelect={publishCursor} />
      <Text slot="description" className={w.fieldHint} data-testid="description-peers">
        {peers.length === 0
          ? `Only you (${me.name}) here`
          : peers.map((p) => (p.at === null ? `${p.name} is here` : `${p.name}'s cursor at ${p.at}`)).join(' · ')}
      </Text>
      <CursorPreview value={value} peers={peers} />
    </AriaTextField>
  );
}

/** The text with a marker at each other person's cursor, so everyone's place is visible. */
function CursorPreview({ value, peers }: { value: string; peers: readonly Peer[] }) {
  const marks = peers.filter((p): p is { name: string; at: number } => p.at !== null).sort((a, b) => a.at - b.at);
  if (marks.length === 0) return null;
  const parts: ReactNode[] = [];
  let from = 0;
  marks.forEach((m, i) => {
    parts.push(value.slice(from, m.at));
    parts.push(
      <mark key={i} title={m.name} style={{ borderLeft: '2px solid #7C3AED', background: 'transparent', padding: 0 }}>
        <span style={{ fontSize: '0.7em', color: '#7C3AED', verticalAlign: 'super' }}>{m.name}</span>
      </mark>,
    );
    from = m.at;
  });
  parts.push(value.slice(from));
  return (
    <p className={w.muted} aria-label="Where the others are" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts}
    </p>
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
              <strong>{c.name}</strong> {commentWords[c.type]} · {new Date(c.at).toLocaleString()}
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
