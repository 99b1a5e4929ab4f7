import { useEffect, type RefObject } from 'react';

const heights = new Map<object, number>();

function apply() {
  const tallest = Math.max(0, ...heights.values());
  document.documentElement.style.setProperty('--pinned-bottom', `${Math.ceil(tallest)}px`);
}

/**
 * For an element pinned to the bottom of the screen (the cookie notice): the page gets that much room
 * below its end, so whatever the element sits over can be scrolled clear of it, and a short page
 * never has a control hidden under it. `gap` is the element's distance from the bottom edge.
 */
export function usePinnedBottom(ref: RefObject<HTMLElement | null>, gap = 16) {
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const key = {};
    const measure = () => {
      heights.set(key, el.getBoundingClientRect().height + gap * 2);
      apply();
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => {
      observer.disconnect();
      heights.delete(key);
      apply();
    };
  }, [ref, gap]);
}
