import { describe, expect, it } from 'vitest';
import { dashboardWorkspace } from './dashboard-redirect';

describe('/dashboard', () => {
  it('opens the workspace used last while the person still belongs to it', () => {
    expect(dashboardWorkspace([{ id: 3 }, { id: 9 }], 9)).toBe(9);
  });
  it('goes to the Control Hub when no workspace was used, or the last one is no longer theirs', () => {
    expect(dashboardWorkspace([{ id: 3 }], null)).toBeNull();
    expect(dashboardWorkspace([{ id: 3 }], 9)).toBeNull();
  });
  it('trusts the last one when the list cannot be had (its page says if access has gone)', () => {
    expect(dashboardWorkspace(undefined, 9)).toBe(9);
  });
});
