import { create } from 'zustand';
import { hasUnsavedWork } from './unsaved-work';

/**
 * The update prompt's state. `available`: a new version is waiting. `confirming`: the person chose
 * Reload while a page holds unsaved work, so we ask first. `reloading`: they confirmed.
 */
export type UpdateStatus = 'none' | 'available' | 'confirming' | 'reloading';

interface UpdateState {
  status: UpdateStatus;
  /** Hidden with "Later"; the new version still waits and starts next time the app opens. */
  dismissed: boolean;
}

export const useUpdateStore = create<UpdateState>(() => ({ status: 'none', dismissed: false }));

/** What actually swaps the worker and reloads; set by the registration (sw-registration.ts). */
export interface UpdateDriver {
  activateAndReload(): Promise<void>;
}

let driver: UpdateDriver | null = null;

export function setUpdateDriver(d: UpdateDriver): void {
  driver = d;
}

export function updateAvailable(): void {
  useUpdateStore.setState((s) => ({ status: s.status === 'none' ? 'available' : s.status, dismissed: false }));
}

/** The person pressed Reload. With unsaved work on the page, the first press only asks. */
export async function requestReload(confirmed = false): Promise<void> {
  if (!confirmed && hasUnsavedWork()) {
    useUpdateStore.setState({ status: 'confirming' });
    return;
  }
  useUpdateStore.setState({ status: 'reloading' });
  if (driver) await driver.activateAndReload();
  else window.location.reload();
}

export function keepWorking(): void {
  useUpdateStore.setState({ status: 'available' });
}

export function dismissUpdate(): void {
  useUpdateStore.setState({ dismissed: true });
}
