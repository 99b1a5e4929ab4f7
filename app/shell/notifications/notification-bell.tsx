import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Dialog, DialogTrigger, Modal, ModalOverlay, Popover } from 'react-aria-components';
import { useAuth } from '../../data/auth-store';
import { Spinner } from '../../ui/spinner';
import { usePhone } from '../../kit/use-phone';
import { badgeText, bellLabel } from './notification-text';
import { useNotificationList } from './use-notification-list';
import * as s from './bell.css';

const loadPanel = () => import('./notification-panel');
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));

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
  const phone = usePhone();
  // The panel stays out of the install; fetched once the page has settled, the worker keeps it.
  useEffect(() => {
    if (!navigator.onLine) return;
    const t = setTimeout(() => void loadPanel().catch(() => undefined), 2000);
    return () => clearTimeout(t);
  }, []);
  if (!user) return null;
  const unread = list.data?.unread ?? 0;
  const badge = badgeText(unread);

  const panel = (
    <Dialog className={s.panel} aria-labelledby="notifications-title">
      <Suspense
        fallback={
          <div className={s.loading}>
            <Spinner label="Loading notifications" />
          </div>
        }
      >
        <NotificationPanel query={list} onClose={() => setOpen(false)} />
      </Suspense>
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
