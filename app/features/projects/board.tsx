import { useCallback, useRef, type Key } from 'react';
import {
  Button as AriaButton,
  DropIndicator,
  GridList,
  GridListItem,
  isTextDropItem,
  useDragAndDrop,
  type DropItem,
  type ItemDropTarget,
} from 'react-aria-components';
import { z } from 'zod';
import type * as Y from 'yjs';
import {
  priorityLabels,
  taskStatuses,
  taskStatusLabels,
  taskTitle,
  type ProjectMemberDto,
  type TaskStatus,
} from '../../../schema/projects/projects';
import { useDocVersion } from './yjs-docs';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import * as c from '../../ui/controls.css';
import * as w from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { addTask, column, moveTask, readTasks, type TaskView } from './project-doc';
import * as s from './projects.css';
import { useTouchDrag, type TouchDrop } from './touch-drag';
import { assigneeLabel } from './assignee';

const TASK_TYPE = 'application/x-vuka-task';

export interface Me {
  id: number;
  name: string;
}

const newTask = z.object({ title: taskTitle });

/** The form above the board and the list: a task's title, refused when empty after trimming. */
export function AddTask({ doc, me, due, label = 'New task' }: { doc: Y.Doc; me: Me; due?: string; label?: string }) {
  const form = useZodForm(newTask, { title: '' });
  const submit = form.handleSubmit((data) => {
    addTask(doc, { title: data.title, reporter: me.id, due: due ?? null });
    form.set('title', '');
  });
  return (
    <form className={s.addRow} onSubmit={submit} noValidate aria-label={label}>
      <div style={{ flex: '1 1 220px' }}>
        <TextField label={label} placeholder="What needs doing?" {...form.field('title')} />
      </div>
      <Button type="submit">Add task</Button>
    </form>
  );
}

/**
 * The board: a column per task status. Cards move by dragging with a mouse or from the keyboard (focus
 * a card, Right to its handle, Enter, Tab to the place, Enter) through react-aria, and by a finger on the handle
 * through `useTouchDrag`. A drop
 * gives the card a fractional key between its new neighbours, so two people dropping cards into one
 * column at once both keep their card.
 */
export function Board({
  doc,
  me,
  members,
  onOpen,
}: {
  doc: Y.Doc;
  me: Me;
  members: readonly ProjectMemberDto[];
  onOpen: (taskId: string) => void;
}) {
  useDocVersion(doc);
  const tasks = readTasks(doc);
  const boardRef = useRef<HTMLDivElement>(null);
  const dropByTouch = useCallback((d: TouchDrop) => moveTask(doc, d.taskId, d.status, d.index, me), [doc, me]);
  useTouchDrag(boardRef, s.dragHandle, dropByTouch);
  return (
    <div className={w.stack}>
      <AddTask doc={doc} me={me} />
      <div ref={boardRef} className={s.board} role="group" aria-label="Board">
        {taskStatuses.map((status) => (
          <BoardColumn key={status} doc={doc} me={me} status={status} tasks={column(tasks, status)} members={members} onOpen={onOpen} />
        ))}
      </div>
    </div>
  );
}

async function droppedIds(items: readonly DropItem[]): Promise<string[]> {
  const ids = await Promise.all(items.filter(isTextDropItem).map((item) => item.getText(TASK_TYPE)));
  return ids.filter((id) => id.length > 0);
}

function BoardColumn({
  doc,
  me,
  status,
  tasks,
  members,
  onOpen,
}: {
  doc: Y.Doc;
  me: Me;
  status: TaskStatus;
  tasks: TaskView[];
  members: readonly ProjectMemberDto[];
  onOpen: (taskId: string) => void;
}) {
  const label = taskStatusLabels[status];
  const indexAt = (ids: readonly string[], target: ItemDropTarget) => {
    const others = tasks.filter((t) => !ids.includes(t.id));
    const at = others.findIndex((t) => t.id === String(target.key));
    if (at < 0) return others.length;
    return target.dropPosition === 'after' ? at + 1 : at;
  };
  const move = (ids: readonly string[], index: number) => {
    ids.forEach((id, i) => moveTask(doc, id, status, index + i, me));
  };
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => ({ [TASK_TYPE]: String(key), 'text/plain': tasks.find((t) => t.id === String(key))?.title ?? '' })),
    acceptedDragTypes: [TASK_TYPE],
    getDropOperation: () => 'move',
    onReorder: (e) => {
      const ids = [...e.keys].map(String);
      move(ids, indexAt(ids, e.target));
    },
    onInsert: async (e) => {
      const ids = await droppedIds(e.items);
      move(ids, indexAt(ids, e.target));
    },
    onRootDrop: async (e) => {
      const ids = await droppedIds(e.items);
      move(ids, tasks.filter((t) => !ids.includes(t.id)).length);
    },
    renderDropIndicator: (target) => <DropIndicator target={target} className={s.dropIndicator} />,
  });

  return (
    <section className={s.column} aria-label={label} data-testid={`column-${status}`} data-status={status}>
      <h2 className={s.columnHead}>
        <span>{label}</span>
        <span className={w.badge.neutral}>{tasks.length}</span>
      </h2>
      <GridList
        aria-label={`${label} tasks`}
        className={s.taskList}
        items={tasks}
        dragAndDropHooks={dragAndDropHooks}
        onAction={(key: Key) => onOpen(String(key))}
        renderEmptyState={() => <p className={s.empty}>No tasks</p>}
      >
        {(task) => (
          <GridListItem id={task.id} textValue={task.title} className={s.taskCard} data-task-id={task.id}>
            <AriaButton slot="drag" className={s.dragHandle} aria-label={`Move ${task.title}`}>
              ⠿
            </AriaButton>
            <div className={s.taskBody}>
              <span className={s.taskTitle}>{task.title}</span>
              <span className={s.taskMeta}>
                <span>{priorityLabels[task.priority]}</span>
                {task.due ? <span>Due {task.due}</span> : null}
                {task.assignee !== null ? (
                  <span data-testid="task-assignee">
                    {task.assignee === me.id ? 'Assigned to you' : assigneeLabel(members, me.id, task.assignee)}
                  </span>
                ) : null}
              </span>
            </div>
          </GridListItem>
        )}
      </GridList>
    </section>
  );
}

/** The list view: every task in one table, by status then order. */
export function TaskList({
  doc,
  me,
  members,
  onOpen,
}: {
  doc: Y.Doc;
  me: Me;
  members: readonly ProjectMemberDto[];
  onOpen: (taskId: string) => void;
}) {
  useDocVersion(doc);
  const tasks = taskStatuses.flatMap((status) => column(readTasks(doc), status));
  return (
    <div className={w.stack}>
      <AddTask doc={doc} me={me} />
      {tasks.length === 0 ? (
        <p className={w.muted}>No tasks yet.</p>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table className={s.table} aria-label="Tasks">
            <thead>
              <tr>
                <th className={s.th}>Task</th>
                <th className={s.th}>Status</th>
                <th className={s.th}>Priority</th>
                <th className={s.th}>Assignee</th>
                <th className={s.th}>Due</th>
              </tr>
            </thead>
            <tbody>
              {tasks.map((t) => (
                <tr key={t.id}>
                  <td className={s.td}>
                    <AriaButton className={c.linkButton} onPress={() => onOpen(t.id)}>
                      {t.title}
                    </AriaButton>
                  </td>
                  <td className={s.td}>{taskStatusLabels[t.status]}</td>
                  <td className={s.td}>{priorityLabels[t.priority]}</td>
                  <td className={s.td}>{assigneeLabel(members, me.id, t.assignee) ?? '—'}</td>
                  <td className={s.td}>{t.due ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
