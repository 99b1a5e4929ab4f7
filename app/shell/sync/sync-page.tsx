import { getRouteApi, Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { useStore } from 'zustand';
import { dismissConflict, reapplyConflict, reapplyRejected } from '../../data/conflicts-actions';
import type { RejectedChange } from '../../data/conflicts-store';
import type { UserData } from '../../data/db';
import { currentSession } from '../../data/replication-session';
import { syncStatus } from '../../data/sync-status';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageSpinner } from '../../ui/spinner';
import { EmptyState, Notice } from '../../ui/feedback';
import * as w from '../../ui/page.css';
import { changesText, syncedAgo } from './sync-status-indicator';
import * as s from './sync.css';
import { collectionLabel, showValue, typedName, useConflictLog, type LabelledConflict } from './use-sync-log';
import { DeviceDataGate } from '../../kit/device-data-gate';
import { useWorkspaceDates } from '../../kit/date-format';
import { numbersInHand$ } from '../../data/number-blocks';
import { useLiveQuery } from '../../data/use-live-query';

const route = getRouteApi('/protected/workspace/$workspaceId/sync');

/** A refused record's name as the person typed it (its name or title), else a short id. */
function refusedName(doc: Record<string, unknown>, id: string): string {
  return typedName(doc) ?? `#${id.slice(0, 8)}`;
}

function fieldLabel(field: string): string {
  // A record's field is logged inside its data ("data.name"): the person knows it as "Name".
  const words = field.replace(/^data\./, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** /workspace/{id}/sync: what is waiting, the conflict log and refused changes, each with its way out. */
export function SyncPage() {
  return <DeviceDataGate>{(data) => <SyncDetails data={data} />}</DeviceDataGate>;
}

function SyncDetails({ data }: { data: UserData }) {
  const status = useStore(syncStatus);
  const [syncing, setSyncing] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>) => {
    setActionError(null);
    try {
      await action();
    } catch (err) {
      setActionError(err instanceof Error ? err.message : String(err));
    }
  };

  const syncNow = async () => {
    const session = currentSession();
    if (!session) return;
    setSyncing(true);
    await run(async () => {
      const { engine } = await session;
      // A resync pulls from the last checkpoint; anything waiting is pushed by the same cycle.
      engine.states.forEach((st) => st.resync());
      await engine.awaitInSync();
    });
    setSyncing(false);
  };

  return (
    <section className={w.page} aria-labelledby="sync-title">
      <div className={w.pageHeader}>
        <h1 id="sync-title" className={w.title}>
          Sync and conflicts
        </h1>
        <Button onPress={() => void syncNow()} isPending={syncing} isDisabled={!status.online}>
          Sync now
        </Button>
      </div>
      {actionError ? (
        <Notice tone="error" title="That did not work">
          {actionError}
        </Notice>
      ) : null}
      <Card aria-labelledby="sync-summary">
        <h2 id="sync-summary" className={w.sectionTitle}>
          Status
        </h2>
        <dl className={s.values}>
          <dt className={s.valueTerm}>Connection</dt>
          <dd className={s.valueDef}>{status.online ? 'Online' : 'Offline — changes are kept on this device'}</dd>
          <dt className={s.valueTerm}>Changes</dt>
          <dd className={s.valueDef} data-testid="sync-page-changes">
            {changesText(status)}
          </dd>
          <dt className={s.valueTerm}>Last synced</dt>
          <dd className={s.valueDef}>{syncedAgo(status.lastSyncedAt, Date.now()) ?? 'Not yet'}</dd>
          {status.lastError ? (
            <>
              <dt className={s.valueTerm}>Last error</dt>
              <dd className={s.valueDef}>{status.lastError}</dd>
            </>
          ) : null}
        </dl>
      </Card>
      <NumbersInHand data={data} />
      <ConflictLog data={data} run={run} />
      <RefusedChanges data={data} rejected={status.rejected} run={run} />
    </section>
  );
}

type Run = (action: () => Promise<unknown>) => Promise<void>;

const SERIES = [
  { series: 'receipt', label: 'Receipt numbers' },
  { series: 'invoice', label: 'Invoice numbers' },
  { series: 'quote', label: 'Quote numbers' },
  { series: 'credit_note', label: 'Credit note numbers' },
] as const;

/**
 * The document numbers this device holds for offline use: reserved while online, drawn with no
 * signal. A person about to go out of signal can see they are ready.
 */
function NumbersInHand({ data }: { data: UserData }) {
  const { workspaceId } = route.useParams();
  const held = useLiveQuery(
    () =>
      numbersInHand$(
        data.db,
        workspaceId,
        SERIES.map((entry) => entry.series),
      ),
    [data, workspaceId],
  );
  return (
    <Card aria-labelledby="numbers-title">
      <h2 id="numbers-title" className={w.sectionTitle}>
        Numbers on this device
      </h2>
      <p className={w.muted}>Receipts, invoices, quotes and credit notes made with no signal take their numbers from these.</p>
      {held.status === 'ready' ? (
        <dl className={s.values}>
          {SERIES.map(({ series, label }) => (
            <Fragment key={series}>
              <dt className={s.valueTerm}>{label}</dt>
              <dd className={s.valueDef} data-testid={`numbers-${series}`}>
                {held.data[series] ? `${held.data[series]} ready` : 'None yet: reserved when online'}
              </dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
    </Card>
  );
}

function ConflictLog({ data, run }: { data: UserData; run: Run }) {
  const { entries, error } = useConflictLog(data);
  const open = entries?.filter((e) => e.status === 'open') ?? [];
  const settled = entries?.filter((e) => e.status !== 'open') ?? [];
  return (
    <Card aria-labelledby="conflicts-title">
      <h2 id="conflicts-title" className={w.sectionTitle}>
        Conflicts
      </h2>
      <p className={w.muted}>
        A field changed here and on another device before they synced: the value already saved on the server was kept. Yours is below if you
        want it back.
      </p>
      {error ? (
        <Notice tone="error" title="The conflict log could not be read">
          {error}
        </Notice>
      ) : null}
      {entries === null && !error ? <PageSpinner label="Reading the conflict log..." /> : null}
      {entries !== null && open.length === 0 ? <EmptyState title="No conflicts" /> : null}
      {open.length > 0 ? (
        <ul className={w.list} aria-label="Open conflicts">
          {open.map((entry) => (
            <ConflictItem key={entry.key} entry={entry} data={data} run={run} />
          ))}
        </ul>
      ) : null}
      {settled.length > 0 ? (
        <details>
          <summary>Resolved ({settled.length})</summary>
          <ul className={w.list}>
            {settled.map((e) => (
              <li key={e.key} className={w.small}>
                {e.what} {e.label}, {fieldLabel(e.field)}:{' '}
                {e.status === 'reapplied' ? `your value ${showValue(e.local_value)} was used` : `kept ${showValue(e.server_value)}`}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Card>
  );
}

function ConflictItem({ entry, data, run }: { entry: LabelledConflict; data: UserData; run: Run }) {
  const [busy, setBusy] = useState(false);
  const dates = useWorkspaceDates();
  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    await run(action);
    setBusy(false);
  };
  const titleId = `conflict-${entry.key}`;
  return (
    <li className={s.entry} aria-labelledby={titleId} data-testid="conflict-entry">
      <p id={titleId} className={w.itemName}>
        {entry.what} “{entry.label}” — {fieldLabel(entry.field)}
      </p>
      <dl className={s.values}>
        <dt className={s.valueTerm}>Your value</dt>
        <dd className={s.valueDef} data-testid="conflict-mine">
          {showValue(entry.local_value)}
        </dd>
        <dt className={s.valueTerm}>Value kept</dt>
        <dd className={s.valueDef} data-testid="conflict-kept">
          {showValue(entry.server_value)}
        </dd>
        <dt className={s.valueTerm}>When</dt>
        <dd className={s.valueDef}>{dates.dateTime(entry.at)}</dd>
      </dl>
      <div className={w.actionRow}>
        <Button isPending={busy} onPress={() => void act(() => reapplyConflict(data, entry.key))}>
          Use my value
        </Button>
        <Button variant="secondary" isDisabled={busy} onPress={() => void act(() => dismissConflict(data, entry.key))}>
          Keep current
        </Button>
      </div>
    </li>
  );
}

function RefusedChanges({ data, rejected, run }: { data: UserData; rejected: RejectedChange[]; run: Run }) {
  const dates = useWorkspaceDates();
  return (
    <Card aria-labelledby="refused-title">
      <h2 id="refused-title" className={w.sectionTitle}>
        Refused changes
      </h2>
      {rejected.length === 0 ? (
        <EmptyState title="No refused changes" />
      ) : (
        <ul className={w.list} aria-label="Refused changes">
          {rejected.map((r) => (
            <li key={r.key} className={s.entry} data-testid="refused-entry">
              <p className={w.itemName}>
                {collectionLabel(r.collection, r.document)} “{refusedName(r.document, r.doc_id)}”
              </p>
              <p role="note">{r.message}</p>
              <p className={w.muted}>{dates.dateTime(r.at)}</p>
              <div className={w.actionRow}>
                <Button onPress={() => void run(() => reapplyRejected(data, r.key))}>Try again</Button>
                <Button variant="secondary" onPress={() => void run(() => data.local.removeRejected(r.key))}>
                  Dismiss
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className={w.muted}>
        Need more room? <Link to="/pricing">See plans</Link>
      </p>
    </Card>
  );
}
