/** The bell's accessible name: what it is and how many are unread. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications, none unread';
}

/** The count on the bell: nothing at 0, and "99+" past what the badge has room for. */
export function badgeText(unread: number): string {
  if (unread <= 0) return '';
  return unread > 99 ? '99+' : String(unread);
}

const shortDate = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * "just now", "5 min ago", "3 h ago", "2 d ago", and past a week the date. Written out rather than
 * taken from date-fns: the bell is part of every install, and the install has a size budget.
 */
export function timeAgo(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  // A server clock a little ahead of the device's still reads as now.
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days <= 7) return `${days} d ago`;
  return shortDate.format(at);
}

/**
 * What the bell says of this device's own sync trouble (issue 37 §5, "a failed sync"): changes the
 * server refused and conflicts waiting; null when there is none. Kept on the device, so it shows offline.
 */
export function syncTroubleText(refused: number, conflicts: number): string | null {
  const parts = [
    refused > 0 ? `${refused} ${refused === 1 ? 'change' : 'changes'} on this device could not be saved` : null,
    conflicts > 0 ? `${conflicts} ${conflicts === 1 ? 'conflict' : 'conflicts'} to resolve` : null,
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join('; ')}. Open sync to see why.` : null;
}
