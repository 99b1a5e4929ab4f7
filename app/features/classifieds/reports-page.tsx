import { Link, Navigate } from '@tanstack/react-router';
import { useAuth } from '../../data/auth-store';
import { EmptyState, LoadError } from '../../ui/feedback';
import { PageSpinner, Spinner } from '../../ui/spinner';
import * as w from '../../ui/page.css';
import { publicDates } from '../workspaces/date-format';
import { serverMessage } from '../workspaces/workspace-queries';
import { useReports } from './use-classifieds';

/** /controlhub/reports: reported ads and messages, for the platform's admins (issue 21). */
export function ReportsPage() {
  const { status, user } = useAuth();
  const reports = useReports(user?.isAdmin === true);
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous' || !user) return <Navigate to="/auth" replace />;
  return (
    <main className={w.page} aria-labelledby="reports-title">
      <p className={w.muted}>
        <Link to="/controlhub">← Control Hub</Link>
      </p>
      <h1 id="reports-title" className={w.title}>
        Reported classifieds
      </h1>
      {!user.isAdmin ? (
        <EmptyState title="Admins only">
          <p className={w.muted}>Only Vuka admins can see reports.</p>
        </EmptyState>
      ) : reports.isPending ? (
        <Spinner label="Loading reports" />
      ) : reports.isError || !reports.data ? (
        <LoadError title="Reports could not be loaded" message={serverMessage(reports.error)} onRetry={() => void reports.refetch()} />
      ) : reports.data.reports.length === 0 ? (
        <EmptyState title="No reports">
          <p className={w.muted}>Nobody has reported an ad or a message.</p>
        </EmptyState>
      ) : (
        <ul className={w.list} aria-label="Reports">
          {reports.data.reports.map((r) => (
            <li key={r.id} className={w.listItem}>
              <div className={w.itemMain}>
                <Link className={w.itemName} to="/classifieds/$classifiedId" params={{ classifiedId: r.classified_id }}>
                  {r.listing_title}
                </Link>
                <p>{r.reason}</p>
                {r.message_body ? <p className={w.muted}>Reported message: “{r.message_body}”</p> : null}
                <p className={w.muted}>
                  {r.reporter ?? 'Deleted account'} · {publicDates.dateTime(r.created_at)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
