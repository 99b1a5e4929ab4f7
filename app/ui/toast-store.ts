import { create } from 'zustand';

/** spec §9: one visible toast; 5000 ms by default; removed 1000000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** Swiping a toast right at least this far dismisses it. */
export const SWIPE_THRESHOLD_PX = 50;
/** The hotkey that moves focus to the toast region. */
export const TOAST_HOTKEY = 'F8';

export function swipeDismisses(deltaX: number): boolean {
  return deltaX >= SWIPE_THRESHOLD_PX;
}

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastItem {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
  durationMs: number;
}

interface ToastState {
  toasts: ToastItem[];
  add(t: ToastItem): void;
  update(id: string, patch: Partial<ToastItem>): void;
  dismiss(id?: string): void;
  remove(id?: string): void;
}

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  add: (t) => set((s) => ({ toasts: [t, ...s.toasts].slice(0, TOAST_LIMIT) })),
  update: (id, patch) => set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)) })),
  dismiss: (id) => set((s) => ({ toasts: s.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)) })),
  remove: (id) => set((s) => ({ toasts: id === undefined ? [] : s.toasts.filter((t) => t.id !== id) })),
}));

let counter = 0;
const removals = new Map<string, ReturnType<typeof setTimeout>>();

/** Shows a toast (replacing the visible one). Returns its id and controls. */
export function toast(input: { title: string; description?: string; variant?: ToastVariant; durationMs?: number }) {
  const id = `t${++counter}`;
  useToastStore.getState().add({
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    open: true,
    durationMs: input.durationMs ?? TOAST_DURATION_MS,
  });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: Partial<Omit<ToastItem, 'id'>>) => useToastStore.getState().update(id, patch),
  };
}

/** Dismisses (closes) a toast; it is removed from the store TOAST_REMOVE_DELAY_MS later. */
export function dismissToast(id: string) {
  useToastStore.getState().dismiss(id);
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      useToastStore.getState().remove(id);
    }, TOAST_REMOVE_DELAY_MS),
  );
}
