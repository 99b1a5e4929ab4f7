import { beforeEach, describe, expect, it } from 'vitest';
import { setUnsavedWork } from './unsaved-work';
import { dismissUpdate, keepWorking, requestReload, setUpdateDriver, updateAvailable, useUpdateStore } from './update-store';

let activations = 0;

describe('update prompt', () => {
  beforeEach(() => {
    activations = 0;
    setUpdateDriver({ activateAndReload: async () => void activations++ });
    useUpdateStore.setState({ status: 'none', dismissed: false });
    setUnsavedWork(false, 'invoice-editor');
    setUnsavedWork(false, 'pos');
  });

  it('shows "Update available" when a new version waits, and does nothing else by itself', () => {
    updateAvailable();
    expect(useUpdateStore.getState().status).toBe('available');
    expect(activations).toBe(0);
  });

  it('Reload activates the waiting version', async () => {
    updateAvailable();
    await requestReload();
    expect(useUpdateStore.getState().status).toBe('reloading');
    expect(activations).toBe(1);
  });

  it('with unsaved work, Reload first warns and only "Reload anyway" goes ahead', async () => {
    updateAvailable();
    setUnsavedWork(true, 'invoice-editor');
    await requestReload();
    expect(useUpdateStore.getState().status).toBe('confirming');
    expect(activations).toBe(0);

    keepWorking();
    expect(useUpdateStore.getState().status).toBe('available');

    await requestReload(true);
    expect(activations).toBe(1);
  });

  it('unsaved work counts while any page still holds some', async () => {
    setUnsavedWork(true, 'invoice-editor');
    setUnsavedWork(true, 'pos');
    setUnsavedWork(false, 'invoice-editor');
    updateAvailable();
    await requestReload();
    expect(useUpdateStore.getState().status).toBe('confirming');
    setUnsavedWork(false, 'pos');
    await requestReload();
    expect(activations).toBe(1);
  });

  it('"Later" hides the prompt until the next new version is found', () => {
    updateAvailable();
    dismissUpdate();
    expect(useUpdateStore.getState().dismissed).toBe(true);
    updateAvailable();
    expect(useUpdateStore.getState().dismissed).toBe(false);
  });
});
