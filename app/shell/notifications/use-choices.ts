import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsContract as c, notificationsPushContract as push } from '../../../schema/notifications/contract';
import type { ChannelChoice, NotificationChoices, NotificationKind } from '../../../schema/notifications/notifications';
import { call, queryEndpoint } from '../../data/api';
import { notificationKeys, present, retryOnce } from './use-notification-list';

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
    queryFn: async () => present(await queryEndpoint(push.pushKey, {})).public_key,
  });
}
