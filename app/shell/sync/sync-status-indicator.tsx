import { useOnline } from '../../kit/online';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { syncStatus, type SyncStatus } from '../../data/sync-status';
import * as w from '../../ui/page.css';
import * as s from './sync.css';

/** "Synced just now" / "Synced 2 min ago" / "Synced 3 h ago"; null before the first sync. */
export function syncedAgo(lastSyncedAt: string | null, now: number): string | null {
  if (!lastSyncedAt) return null;
  const minutes = Math.floor((now - Date.parse(lastSyncedAt)) / 60_000);
  if (minutes < 1) return 'Synced just now';
  if (minutes < 60) return `Synced ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Synced ${hours} h ago`;
  return `Synced ${Math.floor(hours / 24)} d ago`;
}

/** The changes line every screen shows: what is waiting, or that everything is synced. */
export function changesText(st: Pick<SyncStatus, 'pending'>): string {
  if (st.pending === 0) return 'All changes synced';
  return st.pending === 1 ? '1 change waiting' : `${st.pending} changes waiting`;
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/**
 * The always-visible sync status (DESIGN.md §5): a dot for online/offline, what is waiting, when the
 * last sync was, and badges for refused changes and open conflicts. Leads to the sync page.
 */
export function SyncStatusIndicator({ workspaceId }: { workspaceId?: number }) {
  const browserOnline = useOnline();
  // The browser's own signal counts too: before the engine starts (or while it is stopped) its state is stale.
  const online = useStore(syncStatus, (st) => st.online) && browserOnline;
  const pending = useStore(syncStatus, (st) => st.pending);
  const lastSyncedAt = useStore(syncStatus, (st) => st.lastSyncedAt);
  const refused = useStore(syncStatus, (st) => st.rejected.length);
  const conflicts = useStore(syncStatus, (st) => st.conflicts);
  const now = useNow(30_000);

  const changes = changesText({ pending });
  const ago = syncedAgo(lastSyncedAt, now);
  const dot = !online ? s.dot.offline : pending > 0 ? s.dot.waiting : s.dot.online;
  const label = [
    online ? 'Online' : 'Offline',
    changes,
    ago,
    refused > 0 ? `${refused} refused` : null,
    conflicts > 0 ? `${conflicts} ${conflicts === 1 ? 'conflict' : 'conflicts'}` : null,
  ]
    .filter(Boolean)
    .join(', ');

  // Compact on purpose: it shares the sidebar's (and a 360 px phone's) top bar with the workspace
  // name. The full sentences are in the accessible name, the tooltip and a live region.
  const short = !online ? (pending > 0 ? `Offline · ${pending} waiting` : 'Offline') : pending > 0 ? `${pending} waiting` : 'Synced';
  const body = (
    <>
      <span className={dot} aria-hidden="true" />
      <span aria-hidden="true" className={online && pending === 0 ? s.phoneText : undefined}>
        {short}
      </span>
      <span data-testid="sync-online" className={w.visuallyHidden}>
        {online ? 'Online' : 'Offline'}
      </span>
      <span role="status" data-testid="sync-changes" className={w.visuallyHidden}>
        {changes}
      </span>
      {refused > 0 ? (
        <span className={s.countBadge.danger} data-testid="sync-refused">
          {refused}
          <span className={w.visuallyHidden}> refused</span>
        </span>
      ) : null}
      {conflicts > 0 ? (
        <span className={s.countBadge.warning} data-testid="sync-conflicts">
          {conflicts}
          <span className={w.visuallyHidden}> {conflicts === 1 ? 'conflict' : 'conflicts'}</span>
        </span>
      ) : null}
    </>
  );

  if (workspaceId === undefined) {
    return (
      <span role="group" className={s.indicator} aria-label={`Sync status: ${label}`} title={label} data-testid="sync-indicator">
        {body}
      </span>
    );
  }
  return (
    <Link
      to="/workspace/$workspaceId/sync"
      params={{ workspaceId }}
      className={s.indicator}
      title={label}
      aria-label={`Sync status: ${label}. Open sync and conflicts`}
      data-testid="sync-indicator"
    >
      {body}
    </Link>
  );
}
