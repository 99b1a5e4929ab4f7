import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import { z } from 'zod';
import { seriesStart, syncContract, type NumberSeries, type NumberSeriesReport } from '../../../schema/sync/contract';
import { formatDocumentNumber } from '../../../schema/invoices/invoices';
import { call } from '../../data/api';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { LoadError } from '../../ui/feedback';
import { PageSpinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as s from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { useWorkspaceDates } from '../../kit/date-format';
import { serverMessage } from '../../kit/workspace-queries';
import * as n from './numbers.css';

type SeriesEntry = NumberSeriesReport[number];

const labels: Record<NumberSeries, string> = {
  receipt: 'Receipts',
  invoice: 'Invoices',
  quote: 'Quotes',
  order: 'Orders',
  credit_note: 'Credit notes',
};

/** How a number of the series is printed on its document. */
function shown(series: NumberSeries, n: number): string {
  return series === 'invoice' || series === 'quote' || series === 'credit_note'
    ? formatDocumentNumber(series, n)
    : `${labels[series].replace(/s$/, '')} ${n}`;
}

function range(series: NumberSeries, r: { start: number; end: number }): string {
  return r.start === r.end ? shown(series, r.start) : `${shown(series, r.start)} to ${shown(series, r.end)}`;
}

const seriesKey = (workspaceId: number) => ['workspaces', workspaceId, 'number-series'] as const;

/**
 * Settings → Document numbers (owner and admins): where each series goes next, a starting number for
 * a shop that moves over from paper, and the numbers devices reserved that no document carries, so a
 * bookkeeper can account for every gap.
 */
export function NumbersSection({ workspaceId }: { workspaceId: number }) {
  const report = useQuery({
    queryKey: seriesKey(workspaceId),
    queryFn: () => call(syncContract.numberSeries, { params: { id: workspaceId } }),
  });
  return (
    <Card aria-labelledby="numbers-title">
      <h2 className={s.sectionTitle} id="numbers-title">
        Document numbers
      </h2>
      <div className={s.stack}>
        <p className={s.muted}>
          Each device reserves a few numbers while online, so it can number receipts, invoices and quotes with no signal. Numbers a device
          reserved but never used are listed here.
        </p>
        {report.isPending ? (
          <PageSpinner label="Loading document numbers..." />
        ) : report.isError ? (
          <LoadError title="Could not load document numbers" message={serverMessage(report.error)} onRetry={() => void report.refetch()} />
        ) : (
          <div className={s.stack}>
            {report.data.map((entry) => (
              <SeriesRow key={entry.series} workspaceId={workspaceId} entry={entry} />
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}

function SeriesRow({ workspaceId, entry }: { workspaceId: number; entry: SeriesEntry }) {
  const queryClient = useQueryClient();
  const dates = useWorkspaceDates();
  const move = useMutation({
    mutationFn: (next_number: number) =>
      call(syncContract.setSeriesStart, { params: { id: workspaceId, series: entry.series }, body: { next_number } }),
    onSuccess: (next) => {
      queryClient.setQueryData(seriesKey(workspaceId), next);
      toast({ title: `${labels[entry.series]} continue from ${shown(entry.series, Number(form.values.next_number))}`, variant: 'success' });
    },
  });
  const form = useZodForm(seriesStart.extend({ next_number: z.coerce.number<string>().pipe(seriesStart.shape.next_number) }), {
    next_number: String(entry.next_number),
  });
  const submit = form.handleSubmit((body) => move.mutateAsync(body.next_number));
  const gaps = entry.blocks.flatMap((b) => b.unused.map((r) => ({ ...r, block: b })));
  const titleId = `series-${entry.series}`;
  return (
    <section aria-labelledby={titleId} className={n.series}>
      <div>
        <h3 id={titleId} className={s.itemName}>
          {labels[entry.series]}
        </h3>
        <p className={`${s.muted} ${s.small}`}>
          {entry.issued === 1 ? '1 document numbered' : `${entry.issued} documents numbered`}; the next block starts at{' '}
          {shown(entry.series, entry.next_number)}.
        </p>
      </div>
      <Form className={n.startForm} onSubmit={submit} validationBehavior="aria" aria-label={`${labels[entry.series]} starting number`}>
        <div className={n.startField}>
          <TextField label="Continue numbering from" name="next_number" inputMode="numeric" {...form.field('next_number')} />
        </div>
        <Button type="submit" variant="secondary" isPending={form.submitting}>
          Save
        </Button>
      </Form>
      <p className={`${s.muted} ${s.small}`}>Only forward: numbers already reserved are never handed out again.</p>
      {form.failure ? (
        <p className={s.fieldError} role="alert">
          {form.failure}
        </p>
      ) : null}
      {gaps.length === 0 ? (
        <p className={`${s.muted} ${s.small}`}>No unused numbers.</p>
      ) : (
        <ul className={s.bullets} aria-label={`Unused ${labels[entry.series].toLowerCase()} numbers`}>
          {gaps.map((g) => (
            <li key={`${g.block.device_id}-${g.start}`} className={s.small}>
              {range(entry.series, g)}:{' '}
              {g.block.current ? 'still held by a device, or not yet synced' : `reserved ${dates.date(g.block.reserved_at)} and not used`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
