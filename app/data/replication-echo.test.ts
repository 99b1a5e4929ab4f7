import { describe, expect, it } from 'vitest';
import { isOwnEcho } from './replication';

describe('a live notice about a collection this device just pushed', () => {
  const at = 1_700_000_000_000;

  it('is taken for the echo of that push while the push is out and for a moment after its answer', () => {
    expect(isOwnEcho({ pushStarted: at, pushEnded: 0 }, at + 5_000)).toBe(true);
    expect(isOwnEcho({ pushStarted: at, pushEnded: at + 20 }, at + 20)).toBe(true);
    expect(isOwnEcho({ pushStarted: at, pushEnded: at + 20 }, at + 119)).toBe(true);
  });

  it("is another device's change once that moment has passed, or when this device never pushed", () => {
    expect(isOwnEcho({ pushStarted: at, pushEnded: at + 20 }, at + 120)).toBe(false);
    expect(isOwnEcho({ pushStarted: 0, pushEnded: 0 }, at)).toBe(false);
  });
});
