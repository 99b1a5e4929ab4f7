import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, swipeDismisses, toast, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, useToastStore } from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.getState().remove();
});
afterEach(() => vi.useRealTimers());

describe('toasts (spec §4 Other, §9)', () => {
  it('only one toast is visible at a time: a new one replaces the old', () => {
    toast({ title: 'Logged out' });
    toast({ title: 'Email verified', description: 'Thanks' });
    const { toasts } = useToastStore.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Email verified', description: 'Thanks', open: true });
  });

  it('shows for 5000 ms by default and takes the destructive variant', () => {
    toast({ title: 'Login failed', variant: 'destructive' });
    expect(useToastStore.getState().toasts[0]).toMatchObject({ durationMs: TOAST_DURATION_MS, variant: 'destructive' });
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('can be updated', () => {
    const t = toast({ title: 'Sending' });
    t.update({ title: 'Sent' });
    expect(useToastStore.getState().toasts[0].title).toBe('Sent');
  });

  it('a dismissed toast closes at once and is removed 1000000 ms later', () => {
    const t = toast({ title: 'Logged out' });
    dismissToast(t.id);
    expect(useToastStore.getState().toasts[0].open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('a swipe right of 50 px or more dismisses; less springs back', () => {
    expect(swipeDismisses(50)).toBe(true);
    expect(swipeDismisses(49)).toBe(false);
    expect(swipeDismisses(-80)).toBe(false);
  });
});
