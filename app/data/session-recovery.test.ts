import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canRetry, createRecovery, nextProgress, type RecoveryState } from './session-recovery';

function harness(results: boolean[]) {
  const states: RecoveryState[] = [];
  const emitted: string[] = [];
  let refreshes = 0;
  const recovery = createRecovery({
    refresh: async () => results[Math.min(refreshes++, results.length - 1)],
    random: () => 0.5,
    onChange: (s) => states.push(s),
    emit: (t) => emitted.push(t),
  });
  return { recovery, states, emitted, refreshes: () => refreshes };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('session recovery toast (spec §4, §9)', () => {
  it("starts 'recovering' and announces session_expired", () => {
    const h = harness([true]);
    h.recovery.start();
    expect(h.recovery.state).toEqual({ phase: 'recovering', progress: 0, attempts: 1 });
    expect(h.emitted).toEqual(['session_expired']);
  });

  it('progress climbs every 200 ms and never passes 90 % while the refresh runs', async () => {
    const h = createRecovery({
      refresh: () => new Promise<boolean>(() => {}),
      random: () => 1,
      onChange: () => {},
      emit: () => {},
    });
    h.start();
    await vi.advanceTimersByTimeAsync(199);
    expect(h.state.progress).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.state.progress).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.state.progress).toBe(90);
    expect(h.state.phase).toBe('recovering');
  });

  it("success goes to 100 %, 'success', announces session_restored and hides after 3 s", async () => {
    const h = harness([true]);
    h.recovery.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.recovery.state).toMatchObject({ phase: 'success', progress: 100 });
    expect(h.emitted).toEqual(['session_expired', 'session_restored']);
    await vi.advanceTimersByTimeAsync(2999);
    expect(h.recovery.state.phase).toBe('success');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.recovery.state.phase).toBe('idle');
  });

  it("failure offers 'Try Again' while fewer than 3 attempts were made, waiting 1000 then 2000 ms", async () => {
    const h = harness([false, false, false]);
    h.recovery.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.recovery.state).toMatchObject({ phase: 'failed', attempts: 1 });
    expect(canRetry(h.recovery.state)).toBe(true);

    h.recovery.retry();
    expect(h.recovery.state).toMatchObject({ phase: 'recovering', attempts: 2 });
    await vi.advanceTimersByTimeAsync(999);
    expect(h.refreshes()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.refreshes()).toBe(2);
    expect(h.recovery.state).toMatchObject({ phase: 'failed', attempts: 2 });

    h.recovery.retry();
    await vi.advanceTimersByTimeAsync(1999);
    expect(h.refreshes()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.recovery.state).toMatchObject({ phase: 'failed', attempts: 3 });
    expect(canRetry(h.recovery.state)).toBe(false);
  });

  it('at 3 failed attempts Try Again does nothing (the person must log in again)', async () => {
    const h = harness([false]);
    h.recovery.start();
    await vi.advanceTimersByTimeAsync(0);
    h.recovery.retry();
    await vi.advanceTimersByTimeAsync(1000);
    h.recovery.retry();
    await vi.advanceTimersByTimeAsync(2000);
    h.recovery.retry();
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.refreshes()).toBe(3);
    expect(h.recovery.state.phase).toBe('failed');
  });

  it('a retry that then succeeds restores the session', async () => {
    const h = harness([false, true]);
    h.recovery.start();
    await vi.advanceTimersByTimeAsync(0);
    h.recovery.retry();
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.recovery.state).toMatchObject({ phase: 'success', progress: 100 });
  });

  it('another session_expired while the toast shows does not start a second recovery', async () => {
    const h = harness([false]);
    h.recovery.start();
    h.recovery.start();
    await vi.advanceTimersByTimeAsync(0);
    h.recovery.start();
    expect(h.refreshes()).toBe(1);
    expect(h.emitted).toEqual(['session_expired']);
  });

  it('can be dismissed, and a late refresh result is then ignored', async () => {
    let resolve: (ok: boolean) => void = () => {};
    const h = createRecovery({
      refresh: () => new Promise<boolean>((r) => (resolve = r)),
      random: () => 0.5,
      onChange: () => {},
      emit: () => {},
    });
    h.start();
    await vi.advanceTimersByTimeAsync(0);
    h.dismiss();
    resolve(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.state).toEqual({ phase: 'idle', progress: 0, attempts: 0 });
  });

  it('a progress step is random but capped', () => {
    expect(nextProgress(10, 0)).toBe(11);
    expect(nextProgress(10, 1)).toBe(25);
    expect(nextProgress(89, 1)).toBe(90);
  });
});
