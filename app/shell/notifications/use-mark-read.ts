import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsContract as c } from '../../../schema/notifications/contract';
import { call } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { keepList, markedRead, type BellList } from './notification-cache';
import { notificationKeys } from './use-notification-list';

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
