import { describe, expect, it } from 'vitest';
import { limitAddress } from './client-address.js';

describe('the address per-IP limits key on', () => {
  it('is the IPv4 address itself, also when mapped into IPv6', () => {
    expect(limitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, so one client cannot rotate through its own prefix', () => {
    const a = limitAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    const b = limitAddress('2001:0db8:0001:0002::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(b).toBe(a);
    expect(limitAddress('2001:db8:1:3::1')).not.toBe(a);
  });

  it('expands :: wherever it stands', () => {
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('is "unknown" when the socket gave no address', () => {
    expect(limitAddress(undefined)).toBe('unknown');
  });
});
