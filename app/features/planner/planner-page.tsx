import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useMemo, useState, type MouseEvent } from 'react';
import type { PlannerItem } from '../../../schema/planner/planner';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ModalDialog } from '../../ui/modal-dialog';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useWorkspaceDates } from '../../kit/date-format';
import * as s from '../../shell/sync/sync.css';
import { useConflictLog } from '../../shell/sync/use-sync-log';
import { DeviceDataGate } from '../../kit/device-data-gate';
import { EmptyState, Notice } from '../../ui/feedback';
import * as w from '../../ui/page.css';
import { addDays, addMonths, coversDay, formatDate, monthGrid, startOfMonth, weekDays } from './calendar-dates';
import { PlannerComments } from './planner-comments';
import { PlannerForm } from './planner-form';
import { draftOfItem, emptyPlannerDraft, typeLabels, validatePlannerDraft, type PlannerDraft } from './planner-model';
import * as p from './planner.css';
import { useModuleCalendar } from './use-calendar';
import { createPlannerItem, deletePlannerItem, updatePlannerItem, usePlannerItems } from './use-planner';

const route = getRouteApi('/protected/workspace/$workspaceId/planner');

type View = 'month' | 'week' | 'agenda';
const views: { value: View; label: string }[] = [
  { value: 'month', label: 'Month' },
  { value: 'week', label: 'Week' },
  { value: 'agenda', label: 'Agenda' },
];
/** Days the agenda lists from its start day. */
const AGENDA_DAYS = 30;

/** Under ~640 px a month grid is too small to read: the agenda is the phone's default. */
function defaultView(): View {
  return typeof window !== 'undefined' && window.matchMedia('(max-width: 640px)').matches ? 'agenda' : 'month';
}

/** One thing on the calendar: a planner item (editable here) or what another module contributes. */
interface Shown {
  key: string;
  date: string;
  endDate?: string;
  time?: string;
  title: string;
  kind: string;
  color: string;
  link?: string;
  item?: PlannerItem;
}

/** /workspace/{id}/planner: month, week and agenda views of the workspace's plans, on this device (works offline). */
export function PlannerPage() {
  const { workspaceId } = route.useParams();
  return <DeviceDataGate>{(data) => <Planner data={data} workspaceId={workspaceId} />}</DeviceDataGate>;
}

type Mode = { kind: 'none' } | { kind: 'new'; day: string } | { kind: 'edit'; item: PlannerItem };

function Planner({ data, workspaceId }: { data: UserData; workspaceId: number }) {
  const search = route.useSearch();
  const navigate = useNavigate();
  const [fallbackView] = useState(defaultView);
  const view = search.view ?? fallbackView;
  // The workspace's today (its time zone), so the shop and the calendar agree on what day it is.
  const today = useWorkspaceDates().today();
  const day = search.date ?? today;
  const items = usePlannerItems(data, workspaceId);
  const others = useModuleCalendar(data, workspaceId, 'planner');
  const { entries: conflictLog } = useConflictLog(data);
  const [mode, setMode] = useState<Mode>({ kind: 'none' });
  const [deleting, setDeleting] = useState<PlannerItem | null>(null);

  const conflicted = useMemo(
    () => new Set((conflictLog ?? []).filter((e) => e.status === 'open' && e.collection === 'planner_items').map((e) => e.doc_id)),
    [conflictLog],
  );
  const shown = useMemo(() => {
    const own: Shown[] = (items.data ?? []).map((item) => ({
      key: `planner_items:${item.id}`,
      date: item.start_date,
      endDate: item.end_date,
      time: item.start_time,
      title: item.title,
      kind: typeLabels[item.type],
      color: item.color,
      item,
    }));
    const list = [...own, ...(others.data ?? [])];
    return list.sort(
      (a, b) => a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? '') || a.title.localeCompare(b.title),
    );
  }, [items.data, others.data]);

  const go = (next: { view?: View; date?: string }) =>
    void navigate({
      to: '/workspace/$workspaceId/planner',
      params: { workspaceId },
      search: { view: next.view ?? view, date: next.date ?? day },
    });
  const step = (direction: 1 | -1) => {
    if (view === 'month') go({ date: addMonths(day, direction) });
    else if (view === 'week') go({ date: addDays(day, 7 * direction) });
    else go({ date: addDays(day, AGENDA_DAYS * direction) });
  };
  const rangeTitle =
    view === 'month'
      ? formatDate(startOfMonth(day), 'month')
      : view === 'week'
        ? `Week of ${formatDate(weekDays(day)[0], 'dayMonth')}`
        : `${formatDate(day, 'dayMonth')} – ${formatDate(addDays(day, AGENDA_DAYS - 1), 'dayMonth')}`;

  const save = async (draft: PlannerDraft, existing: PlannerItem | null) => {
    const checked = validatePlannerDraft(draft, {
      id: existing?.id ?? crypto.randomUUID(),
      workspace_id: workspaceId,
      comments: existing?.comments,
    });
    if (!checked.ok) return checked.errors;
    if (existing) {
      if (!(await updatePlannerItem(data, checked.item, existing))) throw new Error('it was deleted meanwhile');
      toast({ title: 'Item saved' });
    } else {
      await createPlannerItem(data, checked.item);
      toast({ title: 'Item added' });
    }
    setMode({ kind: 'none' });
    return null;
  };

  const open = (entry: Shown) => (entry.item ? setMode({ kind: 'edit', item: entry.item }) : undefined);
  const editing = mode.kind === 'edit' ? (items.data?.find((i) => i.id === mode.item.id) ?? mode.item) : null;
  const loading = items.status === 'loading';

  return (
    <section className={w.page} aria-labelledby="planner-title">
      <div className={w.pageHeader}>
        <h1 id="planner-title" className={w.title}>
          Planner
        </h1>
        <Button onPress={() => setMode({ kind: 'new', day })}>New item</Button>
      </div>
      <div className={p.toolbar}>
        <div className={p.segmented} role="group" aria-label="View">
          {views.map((v) => (
            <button key={v.value} type="button" className={p.segment} aria-pressed={view === v.value} onClick={() => go({ view: v.value })}>
              {v.label}
            </button>
          ))}
        </div>
        <div className={p.group}>
          <Button variant="secondary" onPress={() => step(-1)} aria-label={`Previous ${view === 'agenda' ? 'days' : view}`}>
            ‹
          </Button>
          <Button variant="secondary" onPress={() => go({ date: today })}>
            Today
          </Button>
          <Button variant="secondary" onPress={() => step(1)} aria-label={`Next ${view === 'agenda' ? 'days' : view}`}>
            ›
          </Button>
          <h2 className={p.rangeTitle} aria-live="polite" data-testid="planner-range">
            {rangeTitle}
          </h2>
        </div>
      </div>
      {items.status === 'error' ? (
        <Notice tone="error" title="The planner could not be read">
          {items.error}
        </Notice>
      ) : null}
      {others.status === 'error' ? (
        <Notice tone="error" title="Dates from other modules could not be shown">
          {others.error}
        </Notice>
      ) : null}
      {loading ? (
        <Spinner label="Loading the planner" />
      ) : view === 'month' ? (
        <MonthView
          day={day}
          today={today}
          shown={shown}
          conflicted={conflicted}
          onOpen={open}
          onNew={(d) => setMode({ kind: 'new', day: d })}
        />
      ) : view === 'week' ? (
        <WeekView
          day={day}
          today={today}
          shown={shown}
          conflicted={conflicted}
          onOpen={open}
          onNew={(d) => setMode({ kind: 'new', day: d })}
        />
      ) : (
        <AgendaView day={day} shown={shown} conflicted={conflicted} workspaceId={workspaceId} onOpen={open} onDelete={setDeleting} />
      )}

      <ModalDialog title="New planner item" isOpen={mode.kind === 'new'} onOpenChange={(o) => (o ? undefined : setMode({ kind: 'none' }))}>
        {mode.kind === 'new' ? (
          <div className={p.dialogScroll}>
            <PlannerForm
              formTitle="New planner item"
              submitLabel="Add item"
              initial={emptyPlannerDraft(mode.day)}
              onSubmit={(d) => save(d, null)}
              onCancel={() => setMode({ kind: 'none' })}
            />
          </div>
        ) : null}
      </ModalDialog>
      <ModalDialog
        title={editing ? `Edit ${editing.title}` : 'Edit item'}
        isOpen={editing !== null}
        onOpenChange={(o) => (o ? undefined : setMode({ kind: 'none' }))}
      >
        {editing ? (
          <div className={p.dialogScroll}>
            <PlannerForm
              key={editing.id}
              formTitle={`Edit ${editing.title}`}
              submitLabel="Save item"
              initial={draftOfItem(editing)}
              onSubmit={(d) => save(d, editing)}
              onCancel={() => setMode({ kind: 'none' })}
              onDelete={() => {
                setMode({ kind: 'none' });
                setDeleting(editing);
              }}
            />
            <PlannerComments data={data} item={editing} />
          </div>
        ) : null}
      </ModalDialog>
      {deleting ? (
        <ConfirmDialog
          title="Delete item?"
          text={`${deleting.title} will be deleted from this workspace's planner on every device.`}
          confirmLabel="Delete"
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            deletePlannerItem(data, deleting.id).then(
              () => toast({ title: 'Item deleted' }),
              (err: unknown) => toast({ title: 'Could not delete', description: String(err), variant: 'destructive' }),
            )
          }
        />
      ) : null}
    </section>
  );
}

interface ViewProps {
  day: string;
  today: string;
  shown: Shown[];
  conflicted: Set<string>;
  onOpen: (entry: Shown) => void;
  onNew: (day: string) => void;
}

/**
 * A module's link opened by the router (no page load): a path inside the app, as `CalendarEntry`
 * says. A click with a modifier key is left to the browser (new tab, new window).
 */
function useInAppLink() {
  const router = useRouter();
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    router.history.push(e.currentTarget.getAttribute('href') ?? '/');
  };
}

/** One entry as a small chip: a button opening a planner item, or a link to the record a module added. */
function Chip({
  entry,
  conflicted,
  onOpen,
  showTime = true,
  wrap = false,
}: {
  entry: Shown;
  conflicted: boolean;
  onOpen: (entry: Shown) => void;
  showTime?: boolean;
  wrap?: boolean;
}) {
  const navigateInApp = useInAppLink();
  const name = `${entry.kind}: ${entry.title}${entry.time ? ` at ${entry.time}` : ''}${conflicted ? ' (sync conflict)' : ''}`;
  const className = [p.entry, entry.item?.done ? p.entryDone : '', wrap ? p.entryWrap : ''].join(' ');
  const style = { borderLeftColor: entry.color };
  if (entry.item) {
    return (
      <button
        type="button"
        className={className}
        style={style}
        onClick={() => onOpen(entry)}
        aria-label={name}
        data-testid="calendar-entry"
      >
        {showTime && entry.time ? `${entry.time} ` : ''}
        {conflicted ? '⚠ ' : ''}
        {entry.title}
      </button>
    );
  }
  return (
    <a className={className} style={style} href={entry.link} aria-label={name} data-testid="calendar-entry" onClick={navigateInApp}>
      {entry.title}
    </a>
  );
}

function MonthView({ day, today, shown, conflicted, onOpen, onNew }: ViewProps) {
  const weeks = monthGrid(day);
  const month = day.slice(0, 7);
  const perDay = typeof window !== 'undefined' && window.matchMedia('(max-width: 640px)').matches ? 2 : 3;
  return (
    <table className={p.monthTable} aria-label={`${formatDate(startOfMonth(day), 'month')}`} data-testid="planner-month">
      <thead>
        <tr>
          {weeks[0].map((d) => (
            <th key={d} scope="col" className={p.weekdayHead}>
              {formatDate(d, 'weekday')}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((d) => {
              const here = shown.filter((e) => coversDay(e.date, e.endDate, d));
              return (
                <td
                  key={d}
                  className={[p.dayCell, d.slice(0, 7) === month ? '' : p.otherMonth].join(' ')}
                  aria-current={d === today ? 'date' : undefined}
                >
                  <button
                    type="button"
                    className={[p.dayNumber, d === today ? p.today : ''].join(' ')}
                    onClick={() => onNew(d)}
                    aria-label={`${Number(d.slice(8))}: new item on ${formatDate(d, 'day')}`}
                  >
                    {Number(d.slice(8))}
                  </button>
                  {here.length > 0 ? (
                    <ul className={p.entries} aria-label={formatDate(d, 'day')}>
                      {here.slice(0, perDay).map((e) => (
                        <li key={e.key}>
                          <Chip entry={e} conflicted={Boolean(e.item && conflicted.has(e.item.id))} onOpen={onOpen} showTime={false} />
                        </li>
                      ))}
                      {here.length > perDay ? <li className={p.more}>+{here.length - perDay} more</li> : null}
                    </ul>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WeekView({ day, today, shown, conflicted, onOpen, onNew }: ViewProps) {
  return (
    <div className={p.weekGrid} data-testid="planner-week">
      {weekDays(day).map((d) => {
        const here = shown.filter((e) => coversDay(e.date, e.endDate, d));
        return (
          <section key={d} className={[p.weekDay, d === today ? p.weekDayToday : ''].join(' ')} aria-label={formatDate(d, 'day')}>
            <div className={w.titleBar}>
              <h3 className={p.dayHeading}>{formatDate(d, 'dayShort')}</h3>
              <button type="button" className={p.dayNumber} onClick={() => onNew(d)} aria-label={`New item on ${formatDate(d, 'day')}`}>
                +
              </button>
            </div>
            {here.length > 0 ? (
              <ul className={p.entries}>
                {here.map((e) => (
                  <li key={e.key}>
                    <Chip entry={e} conflicted={Boolean(e.item && conflicted.has(e.item.id))} onOpen={onOpen} wrap />
                  </li>
                ))}
              </ul>
            ) : (
              <p className={[w.muted, w.small].join(' ')}>Nothing planned</p>
            )}
          </section>
        );
      })}
    </div>
  );
}

function AgendaView({
  day,
  shown,
  conflicted,
  workspaceId,
  onOpen,
  onDelete,
}: {
  day: string;
  shown: Shown[];
  conflicted: Set<string>;
  workspaceId: number;
  onOpen: (entry: Shown) => void;
  onDelete: (item: PlannerItem) => void;
}) {
  const navigateInApp = useInAppLink();
  const end = addDays(day, AGENDA_DAYS - 1);
  const days = Array.from({ length: AGENDA_DAYS }, (_, i) => addDays(day, i))
    .map((d) => ({ d, here: shown.filter((e) => coversDay(e.date, e.endDate, d)) }))
    .filter((x) => x.here.length > 0);
  if (days.length === 0) {
    return (
      <EmptyState title="Nothing planned">
        <p className={w.muted}>
          Nothing between {formatDate(day, 'dayMonth')} and {formatDate(end, 'dayMonth')}. Add deadlines, events and notes: they are saved
          on this device and sync when you are online.
        </p>
      </EmptyState>
    );
  }
  return (
    <ul className={p.agendaDays} aria-label="Agenda" data-testid="planner-agenda">
      {days.map(({ d, here }) => (
        <li key={d}>
          <h3 className={p.dayHeading}>{formatDate(d, 'day')}</h3>
          <ul className={w.list} aria-label={formatDate(d, 'day')}>
            {here.map((e) => (
              <li
                key={e.key}
                className={p.agendaEntry}
                style={{ borderLeft: `6px solid ${e.color}` }}
                aria-label={e.title}
                data-testid="planner-entry"
              >
                <div className={p.agendaMain}>
                  <p className={p.agendaTitle}>
                    <span data-testid="planner-title" className={e.item?.done ? p.entryDone : undefined}>
                      {e.title}
                    </span>
                    {e.item && conflicted.has(e.item.id) ? (
                      <>
                        {' '}
                        <Link
                          to="/workspace/$workspaceId/sync"
                          params={{ workspaceId }}
                          className={s.conflictMark}
                          aria-label={`${e.title} has a sync conflict: review it`}
                        >
                          conflict
                        </Link>
                      </>
                    ) : null}
                  </p>
                  <p className={[w.muted, w.small].join(' ')}>
                    <span>{e.kind}</span>
                    {e.time ? ' · ' : ''}
                    <span data-testid="planner-time">{e.time ?? ''}</span>
                    {e.item?.end_time ? `–${e.item.end_time}` : ''}
                    {e.endDate && e.endDate !== e.date ? ` · until ${formatDate(e.endDate, 'dayMonth')}` : ''}{' '}
                    <span
                      className={p.swatch}
                      style={{ background: e.color }}
                      data-testid="planner-color"
                      data-color={e.color}
                      aria-hidden="true"
                    />
                  </p>
                  {e.item?.description ? (
                    <p className={w.muted} data-testid="planner-description">
                      {e.item.description}
                    </p>
                  ) : null}
                  {e.item?.comments && e.item.comments.length > 0 ? (
                    <p className={[w.muted, w.small].join(' ')}>
                      {e.item.comments.length === 1 ? '1 comment' : `${e.item.comments.length} comments`}
                    </p>
                  ) : null}
                </div>
                {e.item ? (
                  <div className={w.actionRow}>
                    <Button variant="secondary" onPress={() => onOpen(e)} aria-label={`Edit ${e.title}`}>
                      Edit
                    </Button>
                    <Button variant="ghost" onPress={() => e.item && onDelete(e.item)} aria-label={`Delete ${e.title}`}>
                      Delete
                    </Button>
                  </div>
                ) : e.link ? (
                  <a href={e.link} className={w.small} onClick={navigateInApp} aria-label={`Open ${e.kind.toLowerCase()}: ${e.title}`}>
                    Open
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
