import { safeReturnPath } from '../../schema/kit/return-path';
import { check, type Check } from './search-params';

export { safeReturnPath };

/** A search param holding a return path (see `safeReturnPath`); anything else is dropped. */
export const returnPath = (): Check<string> =>
  check('a path of this app', (v): v is string => typeof v === 'string' && safeReturnPath(v) === v);

/** The sign-in page, set to come back to `returnTo` (a path of this app) once signed in or registered. */
export function signInPath(returnTo: string): string {
  const back = safeReturnPath(returnTo);
  return back ? `/auth?${new URLSearchParams({ redirect: back }).toString()}` : '/auth';
}
