import { describe, expect, it } from 'vitest';
import { returnPath, safeReturnPath, signInPath } from './return-path';

describe('the return path after signing in', () => {
  it('keeps a path of the app, with its query and fragment', () => {
    expect(safeReturnPath('/invitations/accept')).toBe('/invitations/accept');
    expect(safeReturnPath('/workspace/7/dashboard?tab=today#top')).toBe('/workspace/7/dashboard?tab=today#top');
  });

  it('refuses another site, however it is spelled', () => {
    for (const bad of [
      'https://evil.example/steal',
      'http:/evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'evil.example/path',
      '',
      ' /workspace/1/dashboard',
    ]) {
      expect(safeReturnPath(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('refuses what is not a string, an API path and an overlong path', () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
    expect(safeReturnPath(['/dashboard'])).toBeNull();
    expect(safeReturnPath('/api/auth/logout')).toBeNull();
    expect(safeReturnPath('/api')).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(2000)}`)).toBeNull();
  });

  it('a path that climbs out with dots stays on this site, normalised', () => {
    expect(safeReturnPath('/../../evil.example')).toBe('/evil.example');
    expect(safeReturnPath('/workspace/../controlhub')).toBe('/controlhub');
  });

  it('as a search param it keeps only a path already in its plain form', () => {
    expect(returnPath().safeParse('/invitations/accept').success).toBe(true);
    expect(returnPath().safeParse('//evil.example').success).toBe(false);
    expect(returnPath().safeParse('/workspace/../controlhub').success).toBe(false);
  });

  it('the sign-in link carries a path of this app to come back to, and nothing else', () => {
    expect(signInPath('/cart')).toBe('/auth?redirect=%2Fcart');
    expect(signInPath('/marketplace?q=tea')).toBe('/auth?redirect=%2Fmarketplace%3Fq%3Dtea');
    expect(signInPath('//evil.example/steal')).toBe('/auth');
  });
});
