import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationsContract as c } from '../../../schema/notifications/contract';
import type { NotificationChoices, NotificationKind, ChannelChoice } from '../../../schema/notifications/notifications';
import { ApiError, call, queryEndpoint } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { NOTIFICATIONS_EVENT } from '../../data/live';
import { isOffline } from '../../kit/offline-cache';
import { keepList, listWithOfflineCopy, markedRead, type BellList } from './notification-cache';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: number | null) => ['notifications', 'list', userId] as const,
  choices: ['notifications', 'choices'] as const,
  pushKey: ['notifications', 'push-key'] as const,
};

/** While the page is in view the bell asks again this often, besides the live channel's nudge. */
export const BELL_POLL_MS = 60_000;

function present<T>(value: T | null): T {
  if (value === null) throw new Error('Received an empty answer');
  return value;
}

function retryOnce(failureCount: number, error: Error): boolean {
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

/** Marks some notifications (or all) read: shown at once, then the server's unread count. */
export function useMarkRead() {
  const userId = useAuth().user?.id ?? null;
  const client = useQueryClient();
  const key = notificationKeys.list(userId);
  const keep = (list: BellList) => {
    client.setQueryData<BellList>(key, list);
    if (userId !== null && !list.stale) keepList(userId, list, list.fetchedAt);
  };
  return useMutation({
    mutationFn: (ids: readonly string[] | 'all') => call(c.markRead, { body: ids === 'all' ? { all: true } : { ids: [...ids] } }),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<BellList>(key);
      if (before) keep(markedRead(before, ids, new Date().toISOString()));
      return { before };
    },
    onSuccess: (res) => {
      const now = client.getQueryData<BellList>(key);
      if (now) keep({ ...now, unread: res.unread });
    },
    onError: (_err, _ids, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
  });
}

export function useNotificationChoices() {
  return useQuery({
    queryKey: notificationKeys.choices,
    retry: retryOnce,
    queryFn: async () => present(await queryEndpoint(c.choices, {})),
  });
}

export function useSaveChoices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kinds: Partial<Record<NotificationKind, ChannelChoice>>) => call(c.setChoices, { body: { kinds } }),
    onSuccess: (saved: NotificationChoices) => client.setQueryData(notificationKeys.choices, saved),
  });
}

/** The server's Web Push key; null when this server sends no push. */
export function usePushKey() {
  return useQuery({
    queryKey: notificationKeys.pushKey,
    staleTime: Infinity,
    retry: retryOnce,
    queryFn: async () => present(await queryEndpoint(c.pushKey, {})).public_key,
  });
}
