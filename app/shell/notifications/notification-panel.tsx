import { Link, useParams, useRouter } from '@tanstack/react-router';
import { useStore } from 'zustand';
import { syncStatus } from '../../data/sync-status';
import type { KeyboardEvent } from 'react';
import { Button, Heading } from 'react-aria-components';
import type { NotificationDto } from '../../../schema/notifications/notifications';
import { isOffline } from '../../kit/offline-cache';
import { serverMessage } from '../../kit/workspace-queries';
import { LoadError } from '../../ui/feedback';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import * as w from '../../ui/page.css';
import type { BellList } from './notification-cache';
import { syncTroubleText, timeAgo } from './notification-text';
import { useMarkRead } from './use-mark-read';
import type { useNotificationList } from './use-notification-list';
import * as s from './panel.css';

/** Only the app's own paths are followed: a link is a place in the app, never another site. */
function appPath(link: string): string | null {
  return link.startsWith('/') && !link.startsWith('//') ? link : null;
}

/**
 * What the bell opens: the list (or why there is none), "Mark all as read", and a way to the
 * choices. Loaded apart from the install, and fetched as soon as the bell shows with a signal, so
 * the service worker keeps it for opening offline.
 */
export function NotificationPanel({ query, onClose }: { query: ReturnType<typeof useNotificationList>; onClose: () => void }) {
  const router = useRouter();
  const markRead = useMarkRead();
  const data = query.data;
  const failed = (title: string) => (error: Error) => toast({ title, description: serverMessage(error), variant: 'destructive' });

  const openOne = (n: NotificationDto) => {
    if (n.read_at === null) markRead.mutate([n.id], { onError: failed('Could not mark the notification read') });
    onClose();
    const path = appPath(n.link);
    if (path) router.history.push(path);
  };

  return (
    <>
      <div className={s.panelHeader}>
        <Heading slot="title" id="notifications-title" className={s.panelTitle}>
          Notifications
        </Heading>
        <div className={s.headerActions}>
          <Button
            className={s.textButton}
            isDisabled={!data || data.unread === 0 || data.stale}
            onPress={() => markRead.mutate('all', { onError: failed('Could not mark notifications read') })}
          >
            Mark all as read
          </Button>
          <Button className={s.closeButton} aria-label="Close notifications" onPress={onClose}>
            ×
          </Button>
        </div>
      </div>
      <div className={s.body}>
        <SyncTrouble onClose={onClose} />
        {data ? (
          <NotificationItems data={data} onOpen={openOne} />
        ) : query.isError ? (
          <LoadError
            title="Couldn't load notifications"
            message={isOffline(query.error) ? "You're offline. Notifications load when you're back online." : serverMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <div className={s.state}>
            <Spinner label="Loading notifications" />
          </div>
        )}
      </div>
      <div className={s.panelFooter}>
        <Link className={s.footerLink} to="/settings" search={{ tab: 'notifications' }} onClick={onClose}>
          Notification settings
        </Link>
      </div>
    </>
  );
}

/** This device's refused changes and open conflicts, from its own sync state, leading to the sync page. */
function SyncTrouble({ onClose }: { onClose: () => void }) {
  const refused = useStore(syncStatus, (st) => st.rejected.length);
  const conflicts = useStore(syncStatus, (st) => st.conflicts);
  const { workspaceId } = useParams({ strict: false });
  const text = syncTroubleText(refused, conflicts);
  if (!text || !workspaceId) return null;
  return (
    <Link
      className={s.syncTrouble}
      to="/workspace/$workspaceId/sync"
      params={{ workspaceId }}
      onClick={onClose}
      data-testid="notification-sync-trouble"
    >
      {text}
    </Link>
  );
}

/** Up and down arrows (and Home, End) move between the list's notifications, as Tab does. */
function moveFocus(e: KeyboardEvent<HTMLUListElement>) {
  const buttons = Array.from(e.currentTarget.querySelectorAll('button'));
  const at = buttons.findIndex((b) => b === document.activeElement);
  const next =
    e.key === 'ArrowDown'
      ? Math.min(at + 1, buttons.length - 1)
      : e.key === 'ArrowUp'
        ? Math.max(at - 1, 0)
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? buttons.length - 1
            : null;
  if (next === null) return;
  e.preventDefault();
  buttons[next]?.focus();
}

function NotificationItems({ data, onOpen }: { data: BellList; onOpen: (n: NotificationDto) => void }) {
  const now = Date.now();
  return (
    <>
      {data.stale ? (
        <p className={s.staleNote} role="status">
          You're offline. This is the list from {timeAgo(data.fetchedAt, now)}; it may be out of date.
        </p>
      ) : null}
      {data.notifications.length === 0 ? (
        <div className={s.state}>
          <p className={s.stateTitle}>No notifications yet</p>
          <p className={w.muted}>
            When a customer views or pays an invoice, accepts a quote, places an order, books or buys tickets, you'll see it here.
          </p>
        </div>
      ) : (
        <ul aria-label="Notifications" className={s.list} onKeyDown={moveFocus}>
          {data.notifications.map((n) => {
            const unread = n.read_at === null;
            return (
              <li key={n.id}>
                <button
                  type="button"
                  className={unread ? s.itemUnread : s.item}
                  data-unread={unread || undefined}
                  onClick={() => onOpen(n)}
                >
                  <span className={unread ? s.dotUnread : s.dot} aria-hidden="true" />
                  <span className={s.itemMain}>
                    <span className={unread ? s.itemTitleUnread : s.itemTitle}>
                      {n.title}
                      {unread ? <span className={w.visuallyHidden}> (unread)</span> : null}
                    </span>
                    {n.body ? <span className={s.itemBody}>{n.body}</span> : null}
                    <span className={s.itemMeta}>
                      {n.workspace_name} · <time dateTime={n.created_at}>{timeAgo(n.created_at, now)}</time>
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
