import { Link } from '@tanstack/react-router';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import type { UserData } from '../../data/db';
import { todayIso } from '../invoices/document-status';
import { useUserData } from '../sync/user-data';
import * as w from '../workspaces/workspaces.css';
import { addDays, formatDate } from './calendar-dates';
import { useModuleCalendar } from './use-calendar';

/** Days ahead the dashboard looks. */
const AHEAD = 7;

/** The dashboard's "Coming up": the next week of the calendar, everything every module puts on it. */
export function ComingUpCard({ workspaceId }: { workspaceId: number }) {
  const data = useUserData();
  return (
    <Card aria-labelledby="coming-up-title">
      <h2 className={w.sectionTitle} id="coming-up-title">
        Coming up
      </h2>
      {data ? <ComingUp data={data} workspaceId={workspaceId} /> : <Spinner label="Opening this device's data" />}
    </Card>
  );
}

function ComingUp({ data, workspaceId }: { data: UserData; workspaceId: number }) {
  const calendar = useModuleCalendar(data, workspaceId);
  const today = todayIso();
  const until = addDays(today, AHEAD - 1);
  if (calendar.status === 'loading') return <Spinner label="Reading the planner" />;
  if (calendar.status === 'error') return <p className={w.muted}>The planner could not be read: {calendar.error}</p>;
  const next = calendar.data
    .filter((e) => (e.endDate ?? e.date) >= today && e.date <= until)
    .sort((a, b) => a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? ''))
    .slice(0, 5);
  return (
    <div className={w.stack}>
      {next.length === 0 ? (
        <p className={w.muted} data-testid="coming-up">
          Nothing in the next {AHEAD} days.
        </p>
      ) : (
        <ul className={w.bullets} data-testid="coming-up">
          {next.map((e) => (
            <li key={e.key}>
              {formatDate(e.date < today ? today : e.date, 'dayShort')}: {e.kind}, {e.title}
            </li>
          ))}
        </ul>
      )}
      <p className={w.muted}>
        <Link to="/workspace/$workspaceId/planner" params={{ workspaceId }}>
          Open the planner
        </Link>
      </p>
    </div>
  );
}
