import { describe, expect, it } from 'vitest';
import { openTabChannel } from './tab-channel';

const quietHandlers = () => {
  const seen: { pending: [string, string[]][]; synced: (string | null)[] } = { pending: [], synced: [] };
  return {
    seen,
    handlers: {
      onPending: (tab: string, keys: string[]) => seen.pending.push([tab, keys]),
      onAccepted: () => {},
      onDropped: () => {},
      onSynced: (at: string | null) => seen.synced.push(at),
    },
  };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('tabs of one database', () => {
  it('hear each other’s waiting changes, and an empty list once a tab closes', async () => {
    const a = quietHandlers();
    const b = quietHandlers();
    const tabA = openTabChannel('tab-test-1', a.handlers);
    const tabB = openTabChannel('tab-test-1', b.handlers);
    tabA.announcePending(['contacts:1']);
    await settle();
    expect(b.seen.pending).toContainEqual([tabA.tab, ['contacts:1']]);
    tabA.close();
    await settle();
    expect(b.seen.pending.at(-1)).toEqual([tabA.tab, []]);
    tabB.close();
  });

  it('a closed tab stays quiet: late reports from a stopping engine are dropped, not thrown', async () => {
    const b = quietHandlers();
    const tabB = openTabChannel('tab-test-2', b.handlers);
    const tabA = openTabChannel('tab-test-2', quietHandlers().handlers);
    tabA.close();
    expect(() => tabA.announceSynced('2026-11-22T00:00:00.000Z', null)).not.toThrow();
    expect(() => tabA.announcePending(['x:1'])).not.toThrow();
    tabA.close();
    await settle();
    expect(b.seen.synced).toEqual([]);
    tabB.close();
  });
});
