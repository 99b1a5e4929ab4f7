import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { classifiedMessages, classifiedStatusLabels, reportStatusLabels, type ReportDto } from '../../../schema/classifieds/classifieds';
import { Button } from '../../ui/button';
import { EmptyState, LoadError } from '../../ui/feedback';
import { ModalDialog } from '../../ui/modal-dialog';
import { Spinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as w from '../../ui/page.css';
import { failureMessage } from '../../kit/forms/use-zod-form';
import { AdminPage } from '../../shell/workspaces/admin-page';
import { publicDates } from '../../kit/date-format';
import { serverMessage } from '../../kit/workspace-queries';
import { classifiedCalls, useClassifiedChange, useReports } from './use-classifieds';

type ReportFilter = 'open' | 'resolved';

/** /controlhub/reports: reported ads and messages for the platform's admins, to dismiss or act on (issue 21). */
export function ReportsPage() {
  const [filter, setFilter] = useState<ReportFilter>('open');
  return (
    <AdminPage titleId="reports-title" title="Reported classifieds" denied="Only Vuka admins can see reports.">
      <Tabs
        label="Which reports"
        selectedKey={filter}
        onSelectionChange={(key) => setFilter(key === 'resolved' ? 'resolved' : 'open')}
        tabs={[
          { id: 'open', title: 'Open', content: <ReportList status="open" /> },
          { id: 'resolved', title: 'Resolved', content: <ReportList status="resolved" /> },
        ]}
      />
    </AdminPage>
  );
}

function ReportList({ status }: { status: ReportFilter }) {
  const reports = useReports(true, status);
  const [takingDown, setTakingDown] = useState<ReportDto | null>(null);
  const dismiss = useClassifiedChange((id: string) => classifiedCalls.resolveReport(id, { action: 'dismiss' }));
  const doDismiss = async (r: ReportDto) => {
    try {
      await dismiss.mutateAsync(r.id);
      toast({ title: 'Report dismissed', description: `“${r.listing_title}” stays up.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Could not dismiss the report', description: failureMessage(err), variant: 'destructive' });
    }
  };
  if (reports.isPending) return <Spinner label="Loading reports" />;
  if (reports.isError || !reports.data)
    return <LoadError title="Reports could not be loaded" message={serverMessage(reports.error)} onRetry={() => void reports.refetch()} />;
  if (reports.data.reports.length === 0)
    return (
      <EmptyState title={status === 'open' ? 'No open reports' : 'No resolved reports'}>
        <p className={w.muted}>{status === 'open' ? 'Every report has been dealt with.' : 'Reports you resolve are listed here.'}</p>
      </EmptyState>
    );
  return (
    <>
      <ul className={w.list} aria-label={status === 'open' ? 'Open reports' : 'Resolved reports'}>
        {reports.data.reports.map((r) => (
          <li key={r.id} className={w.listItem}>
            <div className={w.itemMain}>
              {r.listing_status === 'published' || r.listing_status === 'reserved' ? (
                <Link className={w.itemName} to="/classifieds/$classifiedId" params={{ classifiedId: r.classified_id }}>
                  {r.listing_title}
                </Link>
              ) : (
                <span className={w.itemName}>
                  {r.listing_title} <span className={w.badge.neutral}>{classifiedStatusLabels[r.listing_status]}</span>
                </span>
              )}
              <p>{r.reason}</p>
              {r.message_body ? <p className={w.muted}>Reported message: “{r.message_body}”</p> : null}
              <p className={w.muted}>
                {r.reporter ?? 'Deleted account'} · {publicDates.dateTime(r.created_at)}
              </p>
              {r.status !== 'open' ? (
                <p className={w.muted}>
                  <span className={r.status === 'removed' ? w.badge.accent : w.badge.neutral}>{reportStatusLabels[r.status]}</span> by{' '}
                  {r.resolved_by ?? 'a deleted account'}
                  {r.resolved_at ? ` · ${publicDates.dateTime(r.resolved_at)}` : ''}
                  {r.resolution_note ? ` · “${r.resolution_note}”` : ''}
                </p>
              ) : null}
            </div>
            {r.status === 'open' ? (
              <div className={w.actionRow}>
                <Button variant="secondary" onPress={() => void doDismiss(r)} isDisabled={dismiss.isPending}>
                  Dismiss
                </Button>
                <Button variant="danger" onPress={() => setTakingDown(r)}>
                  Take the ad down
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {takingDown ? <TakeDownDialog report={takingDown} onClose={() => setTakingDown(null)} /> : null}
    </>
  );
}

/** Asks for the reason the seller will see, then takes the ad down (resolving all its open reports). */
function TakeDownDialog({ report, onClose }: { report: ReportDto; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useClassifiedChange((reason: string) => classifiedCalls.resolveReport(report.id, { action: 'remove', note: reason }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) {
      setError(classifiedMessages.takedownReason);
      return;
    }
    remove.mutateAsync(note.trim()).then(
      () => {
        toast({ title: 'Ad taken down', description: `“${report.listing_title}” is no longer public.`, variant: 'success' });
        onClose();
      },
      (err: unknown) => setError(failureMessage(err)),
    );
  };
  return (
    <ModalDialog title={`Take down “${report.listing_title}”`} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <form className={w.dialogBody} onSubmit={submit}>
        <p className={w.muted}>The ad stops being public at once, and every open report about it is resolved with this one.</p>
        <TextField
          label="Reason (the seller sees this)"
          multiline
          value={note}
          onChange={(value) => {
            setNote(value);
            setError(undefined);
          }}
          error={error}
          maxLength={1000}
          autoFocus
        />
        <div className={w.formActions}>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isPending={remove.isPending}>
            Take the ad down
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
