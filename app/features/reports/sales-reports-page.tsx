import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useAuth } from '../../data/auth-store';
import { DeviceDataGate } from '../../kit/device-data-gate';
import { useWorkspaceDates } from '../../kit/date-format';
import { useMembers, useWorkspace, useWorkspaceSettings } from '../../kit/workspace-queries';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/feedback';
import { SelectField } from '../../ui/form-controls';
import * as w from '../../ui/page.css';
import { PageSpinner } from '../../ui/spinner';
import { DateField } from '../../ui/date-fields';
import { ReportsBody, type Names } from './reports-body';
import { customRangeProblem, presetLabels, presetRange, presets, type DayRange, type Grain, type Preset } from './report-range';
import * as s from './reports.css';

const route = getRouteApi('/protected/workspace/$workspaceId/reports');

const grainLabels: Record<Grain, string> = { day: 'Day', week: 'Week', month: 'Month' };

/**
 * /workspace/{id}/reports: the till's sales by period, product and variant, payment method, staff and
 * till, its refunds and voids, stock at cost and what invoices still owe, all from this device's
 * database, so the page opens and adds up with no signal. Days are the workspace's time zone's.
 * Owners and admins see cost, margin and stock at cost; other members see what the till and the
 * invoices already show them.
 */
export function SalesReportsPage() {
  const { workspaceId } = route.useParams();
  const search = route.useSearch();
  const navigate = useNavigate();
  const settings = useWorkspaceSettings(workspaceId);
  const role = useWorkspace(workspaceId).data?.role;
  const dates = useWorkspaceDates();
  const members = useMembers(workspaceId);
  const me = useAuth().user;
  // "Today" is fixed while the page is open, so a range does not move under the person reading it.
  const now = useMemo(() => new Date(), []);

  const zone = settings.data?.timezone;
  const preset: Preset = search.range ?? 'month';
  const grain: Grain = search.by ?? 'day';
  const custom = preset === 'custom' && search.from && search.to && !customRangeProblem(search.from, search.to);
  const range: DayRange =
    custom && search.from && search.to
      ? { from: search.from, to: search.to }
      : presetRange(preset === 'custom' ? 'month' : preset, now, zone);

  const names: Names = useMemo(() => {
    const byUser = new Map<number, string>();
    for (const m of members.data ?? []) if (m.user_id !== null) byUser.set(m.user_id, m.full_name || m.email);
    if (me) byUser.set(me.id, me.full_name || me.email);
    return { staff: (id) => (id === null ? 'No shift' : (byUser.get(id) ?? `Member ${id}`)) };
  }, [members.data, me]);

  const go = (next: { range?: Preset; from?: string; to?: string; by?: Grain }) =>
    void navigate({
      to: '/workspace/$workspaceId/reports',
      params: { workspaceId },
      search: { range: preset, by: grain, ...(custom ? { from: search.from, to: search.to } : {}), ...next },
      replace: true,
    });

  return (
    <section className={w.stack} aria-labelledby="reports-title">
      <header className={w.pageHeader}>
        <div>
          <h1 id="reports-title" className={w.title}>
            Reports
          </h1>
          <p className={w.muted}>Added up on this device from its own data, so the till&apos;s figures are here offline too.</p>
        </div>
      </header>
      <div className={s.filters} role="group" aria-label="Report period">
        <SelectField
          label="Period"
          value={preset}
          options={presets.map((p) => ({ value: p, label: presetLabels[p] }))}
          onChange={(range) => go({ range, from: undefined, to: undefined })}
        />
        <SelectField
          label="Sales by"
          value={grain}
          options={(['day', 'week', 'month'] as const).map((g) => ({ value: g, label: grainLabels[g] }))}
          onChange={(by) => go({ by })}
        />
      </div>
      {preset === 'custom' ? (
        <CustomRange key={`${range.from}|${range.to}`} initial={range} onShow={(r) => go({ range: 'custom', ...r })} />
      ) : null}
      <p className={w.muted} data-testid="report-range">
        {range.from === range.to ? dates.date(range.from) : `${dates.date(range.from)} – ${dates.date(range.to)}`}
        {zone ? ` · ${zone}` : ''}
      </p>
      {settings.isPending ? (
        <PageSpinner label="Opening the workspace's settings" />
      ) : (
        <>
          {settings.isError ? (
            <Notice title="The workspace's settings could not be read">
              <p className={w.muted}>Days are counted in this device&apos;s time zone until they can be.</p>
            </Notice>
          ) : null}
          <DeviceDataGate opening="Opening this device's data...">
            {(data) => (
              <ReportsBody
                data={data}
                workspaceId={workspaceId}
                range={range}
                zone={zone}
                grain={grain}
                currency={settings.data?.currency ?? 'ZAR'}
                canSeeCost={role === 'owner' || role === 'admin'}
                names={names}
                now={now}
              />
            )}
          </DeviceDataGate>
        </>
      )}
    </section>
  );
}

/** Two dates and "Show": the range changes only once both are days in order. */
function CustomRange({ initial, onShow }: { initial: DayRange; onShow: (range: DayRange) => void }) {
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [problem, setProblem] = useState<ReturnType<typeof customRangeProblem>>(null);
  return (
    <form
      className={s.filters}
      aria-label="Custom period"
      onSubmit={(e) => {
        e.preventDefault();
        const found = customRangeProblem(from, to);
        setProblem(found);
        if (!found) onShow({ from, to });
      }}
    >
      <DateField label="From" value={from} onChange={setFrom} error={problem?.field === 'from' ? problem.message : undefined} />
      <DateField label="To" value={to} onChange={setTo} error={problem?.field === 'to' ? problem.message : undefined} />
      <div>
        <Button type="submit">Show</Button>
      </div>
    </form>
  );
}
