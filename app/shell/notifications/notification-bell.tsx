import { Link, useRouter } from '@tanstack/react-router';
import { useState, useSyncExternalStore } from 'react';
import { Button, Dialog, DialogTrigger, GridList, GridListItem, Heading, Modal, ModalOverlay, Popover } from 'react-aria-components';
import type { NotificationDto } from '../../../schema/notifications/notifications';
import { useAuth } from '../../data/auth-store';
import { isOffline } from '../../kit/offline-cache';
import { serverMessage } from '../../kit/workspace-queries';
import { LoadError } from '../../ui/feedback';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import * as w from '../../ui/page.css';
import type { BellList } from './notification-cache';
import { badgeText, bellLabel, timeAgo } from './notification-text';
import { useMarkRead, useNotificationList } from './use-notifications';
import * as s from './notifications.css';

const PHONE_QUERY = '(max-width: 767px)';
function subscribePhone(cb: () => void) {
  const mq = window.matchMedia(PHONE_QUERY);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/** Only the app's own paths are followed: a link is a place in the app, never another site. */
function appPath(link: string): string | null {
  return link.startsWith('/') && !link.startsWith('//') ? link : null;
}

const bellIcon = (
  <svg
    width="22"
    height="22"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.9"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

/**
 * The notification bell (issue 37 §5): the unread count on the button, and a panel listing the
 * person's notifications from every workspace they run; a popover beside the bell on a desktop, a
 * sheet from the bottom on a phone. Choosing one marks it read and opens what it is about.
 */
export function NotificationBell() {
  const { user } = useAuth();
  const list = useNotificationList();
  const [open, setOpen] = useState(false);
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  if (!user) return null;
  const unread = list.data?.unread ?? 0;
  const badge = badgeText(unread);

  const panel = (
    <Dialog className={s.panel} aria-labelledby="notifications-title">
      <NotificationPanel query={list} onClose={() => setOpen(false)} />
    </Dialog>
  );
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button className={s.bell} aria-label={bellLabel(unread)} data-testid="notification-bell">
        {bellIcon}
        {badge ? (
          <span className={s.badge} aria-hidden="true" data-testid="notification-count">
            {badge}
          </span>
        ) : null}
      </Button>
      {phone ? (
        <ModalOverlay className={s.sheetOverlay} isDismissable>
          <Modal className={s.sheet}>{panel}</Modal>
        </ModalOverlay>
      ) : (
        <Popover className={s.popover} placement="bottom start">
          {panel}
        </Popover>
      )}
    </DialogTrigger>
  );
}

function NotificationPanel({ query, onClose }: { query: ReturnType<typeof useNotificationList>; onClose: () => void }) {
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
          Choose how you are told
        </Link>
      </div>
    </>
  );
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
        <GridList
          aria-label="Notifications"
          className={s.list}
          items={data.notifications}
          onAction={(key) => {
            const n = data.notifications.find((x) => x.id === key);
            if (n) onOpen(n);
          }}
        >
          {(n) => {
            const unread = n.read_at === null;
            return (
              <GridListItem id={n.id} textValue={n.title} className={unread ? s.itemUnread : s.item} data-unread={unread || undefined}>
                <span className={unread ? s.dotUnread : s.dot} aria-hidden="true" />
                <div className={s.itemMain}>
                  <p className={unread ? s.itemTitleUnread : s.itemTitle}>
                    {n.title}
                    {unread ? <span className={w.visuallyHidden}> (unread)</span> : null}
                  </p>
                  {n.body ? <p className={s.itemBody}>{n.body}</p> : null}
                  <p className={s.itemMeta}>
                    {n.workspace_name} · <time dateTime={n.created_at}>{timeAgo(n.created_at, now)}</time>
                  </p>
                </div>
              </GridListItem>
            );
          }}
        </GridList>
      )}
    </>
  );
}
