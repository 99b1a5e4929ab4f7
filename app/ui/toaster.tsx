import { useEffect, useRef, useState, type PointerEvent } from 'react';
import * as s from './toaster.css';
import { dismissToast, swipeDismisses, TOAST_HOTKEY, useToastStore, type ToastItem } from './toast-store';

/**
 * The toast region: one toast at a time, announced politely (errors assertively), F8 moves focus
 * here, a swipe right or the close button dismisses, and each closes itself after its duration
 * unless the pointer or focus is on it.
 */
export function Toaster() {
  const toasts = useToastStore((st) => st.toasts);
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST_HOTKEY) {
        e.preventDefault();
        const first = region.current?.querySelector<HTMLElement>('[data-toast]');
        (first ?? region.current)?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const visible = toasts.filter((t) => t.open);
  return (
    // data-react-aria-top-layer keeps toasts announced, focusable and clickable while a modal is open.
    // A labelled region of toasts, each its own live status (or alert): not a list, since a status
    // cannot also be a list item.
    <section
      ref={region}
      className={s.region}
      tabIndex={-1}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      data-testid="toast-region"
      data-react-aria-top-layer="true"
    >
      {visible.map((t) => (
        <ToastCard key={t.id} item={t} />
      ))}
    </section>
  );
}

function ToastCard({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (paused || item.durationMs <= 0 || item.durationMs === Infinity) return;
    const timer = setTimeout(() => dismissToast(item.id), item.durationMs);
    return () => clearTimeout(timer);
  }, [item.id, item.durationMs, paused]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.target instanceof Element && e.target.closest('button')) return;
    start.current = e.clientX;
    e.currentTarget.setPointerCapture(e.pointerId);
    setPaused(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const moved = e.clientX - start.current;
    start.current = null;
    setPaused(false);
    if (swipeDismisses(moved)) dismissToast(item.id);
    else setDx(0);
  };

  const urgent = item.variant === 'destructive';
  return (
    <div
      data-toast
      className={s.toast[item.variant]}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-atomic="true"
      tabIndex={0}
      data-variant={item.variant}
      style={{ transform: dx ? `translateX(${dx}px)` : undefined, opacity: dx ? Math.max(0.2, 1 - dx / 200) : undefined }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') dismissToast(item.id);
      }}
    >
      <div>
        <p className={s.title}>{item.title}</p>
        {item.description ? <p className={s.descriptionText}>{item.description}</p> : null}
      </div>
      <button type="button" className={s.close} aria-label="Close notification" onClick={() => dismissToast(item.id)}>
        ×
      </button>
    </div>
  );
}
