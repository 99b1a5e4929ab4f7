import type { UserDto } from '../../../schema/accounts/accounts';
import { useAuthStore } from '../../data/auth-store';
import { queryClient } from '../../data/query-client';
import { currentUserKey } from '../../data/session';

/** The server answered with the updated user: every screen shows it at once, no refetch needed. */
export function applyUser(user: UserDto): void {
  queryClient.setQueryData(currentUserKey, user);
  useAuthStore.getState().setUser(user);
}
