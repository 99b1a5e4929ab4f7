import { useSyncExternalStore } from 'react';

/** The width below which a screen lays out for a phone (the layouts' own breakpoint). */
const PHONE_QUERY = '(max-width: 767px)';

function subscribe(cb: () => void) {
  const mq = window.matchMedia(PHONE_QUERY);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/** Whether the screen is phone-sized now, following rotation and resizing (false when rendered without a window). */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
