import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationsContract as c } from '../../../schema/notifications/contract';
import { ApiError, queryEndpoint } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { NOTIFICATIONS_EVENT } from '../../data/live';
import { isOffline } from '../../kit/offline-cache';
import { listWithOfflineCopy } from './notification-cache';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: number | null) => ['notifications', 'list', userId] as const,
  choices: ['notifications', 'choices'] as const,
  pushKey: ['notifications', 'push-key'] as const,
};

/** While the page is in view the bell asks again this often, besides the live channel's nudge. */
export const BELL_POLL_MS = 60_000;

export function present<T>(value: T | null): T {
  if (value === null) throw new Error('Received an empty answer');
  return value;
}

export function retryOnce(failureCount: number, error: Error): boolean {
  if (isOffline(error) || (error instanceof ApiError && error.status < 500 && error.status !== 0)) return false;
  return failureCount < 1;
}

/**
 * The signed-in person's notifications. The live socket may belong to another tab, so the list is
 * also fetched again when this tab comes back into view and every minute while it is visible.
 */
export function useNotificationList() {
  const userId = useAuth().user?.id ?? null;
  const client = useQueryClient();
  const key = notificationKeys.list(userId);
  const query = useQuery({
    queryKey: key,
    enabled: userId !== null,
    networkMode: 'offlineFirst',
    staleTime: 5_000,
    refetchInterval: BELL_POLL_MS,
    refetchIntervalInBackground: false,
    retry: retryOnce,
    queryFn: () => listWithOfflineCopy(userId ?? 0, async () => present(await queryEndpoint(c.list, {}))),
  });

  useEffect(() => {
    const refetch = () => void client.invalidateQueries({ queryKey: notificationKeys.list(userId) });
    const onView = () => {
      if (document.visibilityState === 'visible') refetch();
    };
    window.addEventListener(NOTIFICATIONS_EVENT, refetch);
    window.addEventListener('focus', onView);
    document.addEventListener('visibilitychange', onView);
    return () => {
      window.removeEventListener(NOTIFICATIONS_EVENT, refetch);
      window.removeEventListener('focus', onView);
      document.removeEventListener('visibilitychange', onView);
    };
  }, [client, userId]);

  return query;
}
