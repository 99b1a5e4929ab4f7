import { useLayoutEffect } from 'react';
import { FIRST_SCREEN_ID, FIRST_SCREEN_STATE_ID } from '../../../schema/kit/first-screen';

/**
 * The data the server drew a page's first screen from (schema/kit/first-screen.ts), once: the page's
 * query starts from it instead of asking again. Undefined when the page came from the service
 * worker's shell, or was opened within the app, or the data was already taken.
 */
export function takeFirstScreenState(): unknown {
  const el = document.getElementById(FIRST_SCREEN_STATE_ID);
  if (!el) return undefined;
  el.remove();
  try {
    return JSON.parse(el.textContent ?? '');
  } catch {
    return undefined;
  }
}

/** Removes the server's first screen (it has nothing to say once the app draws a page). */
export function removeFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
  document.getElementById(FIRST_SCREEN_STATE_ID)?.remove();
}

/**
 * For the page the server drew a first screen of: removes it as the page draws its own, before the
 * browser paints, so the buyer never sees both nor a blank screen in between.
 */
export function useFirstScreenHandOff(): void {
  useLayoutEffect(removeFirstScreen, []);
}

const loadedPath = typeof window === 'undefined' ? '' : window.location.pathname;

/**
 * Removes the first screen when the app shows another page than the one it was drawn for (the
 * first screen's links are plain links, but the app may still go elsewhere before that page draws).
 */
export function useFirstScreenLeftBehind(pathname: string): void {
  useLayoutEffect(() => {
    if (pathname !== loadedPath) removeFirstScreen();
  }, [pathname]);
}
