import { describe, expect, it } from 'vitest';
import { dashboardTarget } from './dashboard-redirect';

describe('/dashboard', () => {
  it('opens the workspace used last while the person still belongs to it', () => {
    expect(dashboardTarget([{ id: 3 }, { id: 9 }], 9)).toEqual({ kind: 'workspace', id: 9 });
  });
  it('with no workspace at all, starts creating the first one instead of showing an empty list', () => {
    expect(dashboardTarget([], null)).toEqual({ kind: 'create' });
    expect(dashboardTarget([], 9)).toEqual({ kind: 'create' });
  });
  it('opens the only workspace when none was used yet, or the last one is no longer theirs', () => {
    expect(dashboardTarget([{ id: 3 }], null)).toEqual({ kind: 'workspace', id: 3 });
    expect(dashboardTarget([{ id: 3 }], 9)).toEqual({ kind: 'workspace', id: 3 });
  });
  it('with several and none used yet, goes to the Control Hub to choose', () => {
    expect(dashboardTarget([{ id: 3 }, { id: 4 }], null)).toEqual({ kind: 'hub' });
    expect(dashboardTarget([{ id: 3 }, { id: 4 }], 9)).toEqual({ kind: 'hub' });
  });
  it('trusts the last one when the list cannot be had (its page says if access has gone)', () => {
    expect(dashboardTarget(undefined, 9)).toEqual({ kind: 'workspace', id: 9 });
    expect(dashboardTarget(undefined, null)).toEqual({ kind: 'hub' });
  });
});
