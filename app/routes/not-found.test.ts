import { describe, expect, it } from 'vitest';
import { isMarketPath, knownWorkspaceId } from './not-found';

describe('not-found pages (spec §2)', () => {
  it('marketplace, events and classifieds paths get the market flavour', () => {
    expect(isMarketPath('/marketplace/nope')).toBe(true);
    expect(isMarketPath('/events/x')).toBe(true);
    expect(isMarketPath('/classifieds/new')).toBe(true);
    expect(isMarketPath('/eventsx')).toBe(false);
    expect(isMarketPath('/subscription/topup')).toBe(false);
  });

  it('a Dashboard link needs a known workspace id, from the path first', () => {
    expect(knownWorkspaceId('/workspace/7/nope', '3')).toBe('7');
    expect(knownWorkspaceId('/nope', '3')).toBe('3');
    expect(knownWorkspaceId('/nope', null)).toBeNull();
    expect(knownWorkspaceId('/nope', 'garbage')).toBeNull();
  });
});
