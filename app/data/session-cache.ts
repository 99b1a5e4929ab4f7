import { brand } from '../../schema/brand';
import { userDto, type UserDto } from '../../schema/accounts/accounts';

/**
 * The last signed-in user, kept on the device so the app still opens offline (DESIGN.md: offline
 * first). It is only used when the server cannot be reached; any answer from the server wins.
 */
export const sessionUserKey = `${brand.storagePrefix}-session-user`;

export function rememberUser(user: UserDto | null): void {
  try {
    if (user) localStorage.setItem(sessionUserKey, JSON.stringify(user));
    else localStorage.removeItem(sessionUserKey);
  } catch {
    // no storage (private mode, node): the app simply needs the network to know who is signed in
  }
}

export function rememberedUser(): UserDto | null {
  try {
    const raw = localStorage.getItem(sessionUserKey);
    if (!raw) return null;
    const parsed = userDto.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** fetch rejects with a TypeError when there is no network or the server is unreachable. */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError;
}
