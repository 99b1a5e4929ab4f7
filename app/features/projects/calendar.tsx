import { useRef, useState, type KeyboardEvent } from 'react';
import { Button as AriaButton, DropZone, isTextDropItem, useDrag, type DropItem } from 'react-aria-components';
import type * as Y from 'yjs';
import { priorityLabels, taskStatusLabels, type ProjectMemberDto } from '../../../schema/projects/projects';
import { useDocVersion } from './yjs-docs';
import { Button } from '../../ui/button';
import { DateField } from '../../ui/date-fields';
import * as c from '../../ui/controls.css';
import * as w from '../../ui/page.css';
import { addDays, addMonths, formatDate, monthGrid, startOfMonth, startOfWeek } from '../planner';
import { useWorkspaceDates } from '../../kit/date-format';
import { AddTask, type Me } from './board';
import { readTasks, updateTask, type TaskView } from './project-doc';
import * as s from './projects.css';

const TASK_TYPE = 'application/x-vuka-task';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

async function droppedIds(items: readonly DropItem[]): Promise<string[]> {
  const ids = await Promise.all(items.filter(isTextDropItem).map((item) => item.getText(TASK_TYPE)));
  return ids.filter((id) => id.length > 0);
}

const closed = (t: TaskView) => t.status === 'completed' || t.status === 'cancelled';

/**
 * The calendar view: tasks by due date in a month grid. A task moves to another day by dragging it
 * (mouse, finger, or from the keyboard: its handle, Enter, Tab to the day, Enter), by the date beside
 * it in the agenda, or from its page. Arrow keys walk the days (Page Up and Down the months); a day
 * picked shows its tasks below and can take a new one. Under 640 px the grid gives way to the agenda.
 */
export function TaskCalendar({
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
  const today = useWorkspaceDates().today();
  const [day, setDay] = useState(today);
  const grid = useRef<HTMLTableElement>(null);
  const tasks = readTasks(doc);
  const month = day.slice(0, 7);
  const weeks = monthGrid(day);
  const dated = tasks
    .filter((t) => t.due !== null)
    .sort((a, b) => (a.due ?? '').localeCompare(b.due ?? '') || a.title.localeCompare(b.title));
  const undated = tasks.filter((t) => t.due === null && !closed(t));
  const onDay = (d: string) => dated.filter((t) => t.due === d);
  const inMonth = dated.filter((t) => (t.due ?? '').startsWith(month));
  const setDue = (ids: readonly string[], due: string | null) => ids.forEach((id) => updateTask(doc, id, { due }));

  const focusDay = (next: string) => {
    setDay(next);
    // The grid re-renders with the new month first when the day leaves this one.
    requestAnimationFrame(() => grid.current?.querySelector<HTMLButtonElement>(`[data-day="${next}"]`)?.focus());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => startOfWeek(day),
      End: () => addDays(startOfWeek(day), 6),
      PageUp: () => addMonths(day, -1),
      PageDown: () => addMonths(day, 1),
    };
    const move = moves[e.key];
    if (!move || !(e.target instanceof HTMLElement) || !e.target.dataset.day) return;
    e.preventDefault();
    focusDay(move());
  };

  return (
    <div className={w.stack}>
      <div className={s.calendarBar}>
        <Button variant="secondary" onPress={() => setDay(addMonths(day, -1))} aria-label="Previous month">
          ←
        </Button>
        <h2 className={s.calendarTitle} aria-live="polite">
          {formatDate(startOfMonth(day), 'month')}
        </h2>
        <Button variant="secondary" onPress={() => setDay(addMonths(day, 1))} aria-label="Next month">
          →
        </Button>
        <Button variant="ghost" onPress={() => setDay(today)}>
          Today
        </Button>
      </div>

      <DropZone
        className={s.undated}
        aria-label="No due date"
        data-testid="undated"
        getDropOperation={(types) => (types.has(TASK_TYPE) ? 'move' : 'cancel')}
        onDrop={async (e) => setDue(await droppedIds(e.items), null)}
      >
        <h3 className={w.sectionTitle} style={{ margin: 0 }}>
          No due date
        </h3>
        {undated.length === 0 ? (
          <p className={w.muted}>Every open task has a due date.</p>
        ) : (
          <>
            <p className={[w.muted, w.small, w.desktopOnly].join(' ')}>Drag a task onto a day to give it that due date.</p>
            <ul className={s.chipRow}>
              {undated.map((t) => (
                <li key={t.id}>
                  <TaskChip task={t} onOpen={onOpen} />
                </li>
              ))}
            </ul>
          </>
        )}
      </DropZone>

      <div className={w.desktopOnly}>
        <table
          ref={grid}
          className={s.calendarGrid}
          aria-label={`Tasks due in ${formatDate(startOfMonth(day), 'month')}`}
          onKeyDown={onKeyDown}
          data-testid="task-calendar"
        >
          <thead>
            <tr>
              {weeks[0].map((d) => (
                <th key={d} scope="col" className={s.calendarHead}>
                  {formatDate(d, 'weekday')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((d) => (
                  <td
                    key={d}
                    className={[s.calendarCell, d.slice(0, 7) === month ? '' : s.calendarOther].join(' ')}
                    aria-current={d === today ? 'date' : undefined}
                  >
                    <DropZone
                      className={s.calendarDrop}
                      aria-label={`Due ${formatDate(d, 'day')}`}
                      getDropOperation={(types) => (types.has(TASK_TYPE) ? 'move' : 'cancel')}
                      onDrop={async (e) => setDue(await droppedIds(e.items), d)}
                    >
                      <button
                        type="button"
                        data-day={d}
                        tabIndex={d === day ? 0 : -1}
                        className={[s.calendarDay, d === today ? s.calendarToday : '', d === day ? s.calendarPicked : ''].join(' ')}
                        aria-pressed={d === day}
                        aria-label={`${formatDate(d, 'day')}${onDay(d).length ? `, ${onDay(d).length} due` : ''}`}
                        onClick={() => setDay(d)}
                      >
                        {Number(d.slice(8))}
                      </button>
                      <ul className={s.chips}>
                        {onDay(d).map((t) => (
                          <li key={t.id}>
                            <TaskChip task={t} onOpen={onOpen} />
                          </li>
                        ))}
                      </ul>
                    </DropZone>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section className={[w.stack, w.desktopOnly].join(' ')} aria-labelledby="picked-day">
        <h3 id="picked-day" className={w.sectionTitle} style={{ margin: 0 }}>
          Due {formatDate(day, 'day')}
        </h3>
        {onDay(day).length === 0 ? <p className={w.muted}>Nothing due this day.</p> : null}
        <ul className={s.chips}>
          {onDay(day).map((t) => (
            <li key={t.id}>
              <TaskChip task={t} onOpen={onOpen} />
            </li>
          ))}
        </ul>
        <AddTask doc={doc} me={me} due={day} label={`New task due ${formatDate(day, 'dayMonth')}`} />
      </section>

      <section className={w.phoneOnly} aria-label="Agenda" data-testid="task-agenda">
        <div className={w.stack} style={{ width: '100%' }}>
          {inMonth.length === 0 ? <p className={w.muted}>No tasks due this month.</p> : null}
          {[...new Set(inMonth.map((t) => t.due ?? ''))].map((d) => (
            <div key={d} className={w.stack} style={{ gap: '8px' }}>
              <h3 className={s.agendaDay} aria-current={d === today ? 'date' : undefined}>
                {formatDate(d, 'day')}
              </h3>
              <ul className={s.feed} aria-label={`Due ${formatDate(d, 'day')}`}>
                {onDay(d).map((t) => (
                  <AgendaRow key={t.id} task={t} members={members} onOpen={onOpen} onMove={(due) => setDue([t.id], due)} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}

/** A task on the calendar: its title opens it; the chip drags by mouse or finger, its handle from the keyboard. */
function TaskChip({ task, onOpen }: { task: TaskView; onOpen: (id: string) => void }) {
  const { dragProps, dragButtonProps, isDragging } = useDrag({
    getItems: () => [{ [TASK_TYPE]: task.id, 'text/plain': task.title }],
    getAllowedDropOperations: () => ['move'],
    hasDragButton: true,
  });
  return (
    <div
      {...dragProps}
      className={[s.chip, closed(task) ? s.chipDone : '', isDragging ? s.chipDragging : ''].join(' ')}
      data-testid="calendar-task"
      title={`${task.title} · ${taskStatusLabels[task.status]} · ${priorityLabels[task.priority]}`}
    >
      <AriaButton {...dragButtonProps} className={s.chipHandle} aria-label={`Move ${task.title} to another day`}>
        ⠿
      </AriaButton>
      <button type="button" className={s.chipTitle} onClick={() => onOpen(task.id)}>
        {task.title}
      </button>
    </div>
  );
}

function AgendaRow({
  task,
  members,
  onOpen,
  onMove,
}: {
  task: TaskView;
  members: readonly ProjectMemberDto[];
  onOpen: (id: string) => void;
  onMove: (due: string | null) => void;
}) {
  const who = members.find((m) => m.user_id === task.assignee)?.name;
  return (
    <li className={s.agendaRow}>
      <div className={s.taskBody}>
        <AriaButton className={[c.linkButton, closed(task) ? s.chipDone : ''].join(' ')} onPress={() => onOpen(task.id)}>
          {task.title}
        </AriaButton>
        <span className={s.taskMeta}>
          <span>{taskStatusLabels[task.status]}</span>
          <span>{priorityLabels[task.priority]}</span>
          {who ? <span>{who}</span> : null}
        </span>
      </div>
      <div className={s.agendaDate}>
        <DateField
          label="Due date"
          value={task.due ?? ''}
          onChange={(v) => {
            if (ISO_DAY.test(v)) onMove(v);
          }}
        />
      </div>
    </li>
  );
}
