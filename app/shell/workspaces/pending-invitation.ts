import { brand } from '../../../schema/brand';

/**
 * An invitation link opened while signed out: the sign-in guard sends the person to /auth and the
 * link's token would be lost, so it waits here (this tab only) until the control hub offers it again.
 */
const key = `${brand.storagePrefix}-pending-invitation`;

export function holdInvitation(token: string): void {
  try {
    sessionStorage.setItem(key, token);
  } catch {
    // storage blocked: the person can still open the link from the email again
  }
}

export function heldInvitation(): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function releaseInvitation(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // see holdInvitation
  }
}
