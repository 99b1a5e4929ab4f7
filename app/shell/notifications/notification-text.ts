import { formatDistanceStrict } from 'date-fns';

/** The bell's accessible name: what it is and how many are unread. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications, none unread';
}

/** The count on the bell: nothing at 0, and "99+" past what the badge has room for. */
export function badgeText(unread: number): string {
  if (unread <= 0) return '';
  return unread > 99 ? '99+' : String(unread);
}

/** "just now" under a minute, then "5 minutes ago", "3 hours ago", "2 days ago"… */
export function timeAgo(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  // A clock a little ahead of the device's still reads as now, not "in 10 seconds".
  if (now - at < 60_000) return 'just now';
  return formatDistanceStrict(at, now, { addSuffix: true });
}
