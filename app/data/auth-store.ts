import { create } from 'zustand';
import type { UserDto } from '../../schema/accounts/accounts';

/** spec §4 "Auth state": unknown (loading), anonymous (user null) or authenticated. */
export type AuthStatus = 'loading' | 'anonymous' | 'authenticated';

interface AuthState {
  status: AuthStatus;
  user: UserDto | null;
  setUser(user: UserDto | null): void;
}

export const useAuthStore = create<AuthState>((set) => ({
  status: 'loading',
  user: null,
  setUser: (user) => set({ user, status: user ? 'authenticated' : 'anonymous' }),
}));

/** The signed-in user and auth status, for components. */
export function useAuth() {
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  return { status, user };
}
