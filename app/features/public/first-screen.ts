import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { FIRST_SCREEN_ID, FIRST_SCREEN_STATE_ID } from '../../../schema/first-screen';

/**
 * The data the server drew a page's first screen from (schema/first-screen.ts), once: the page's
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

/** What the buyer had typed into a first-screen field, and whether the caret was in it. */
interface TypedInput {
  value: string;
  focused: boolean;
  selection: [number, number] | null;
}

function typedInto(id: string): TypedInput | undefined {
  const el = document.getElementById(id);
  if (!(el instanceof HTMLInputElement) || !el.closest(`#${FIRST_SCREEN_ID}`)) return undefined;
  const focused = document.activeElement === el;
  if (!el.value && !focused) return undefined;
  const { selectionStart: start, selectionEnd: end } = el;
  return { value: el.value, focused, selection: start === null || end === null ? null : [start, end] };
}

/**
 * Carries what the buyer typed into the first screen's field `id` (before the app's script ran) into
 * the page's own field: the returned value starts the page's state, and the caret moves to the
 * input inside `box` where it was. Read on the first render, before the hand-off removes the field.
 */
export function useFirstScreenInput(id: string): { typed: string | undefined; box: RefObject<HTMLDivElement | null> } {
  const [typed] = useState(() => (typeof document === 'undefined' ? undefined : typedInto(id)));
  const box = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const input = box.current?.querySelector('input');
    if (!typed?.focused || !input) return;
    input.focus();
    if (typed.selection) input.setSelectionRange(...typed.selection);
  }, [typed]);
  return { typed: typed?.value, box };
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
