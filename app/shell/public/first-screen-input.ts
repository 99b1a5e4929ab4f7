import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { FIRST_SCREEN_ID } from '../../../schema/kit/first-screen';

// Kept out of first-screen.ts, which the app's root loads on every page (the landing's included):
// only a page whose first screen has a field needs this.

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
