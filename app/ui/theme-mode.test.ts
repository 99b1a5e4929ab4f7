import { describe, expect, it } from 'vitest';
import { brand } from '../../schema/brand';
import { resolveMode, themeForPath, themeStorageKey } from './theme-mode';

describe('theme (spec §4 Theme, §9)', () => {
  it('the workspace theme applies on paths containing /workspace/, the public theme elsewhere', () => {
    expect(themeForPath('/workspace/12/dashboard')).toBe('workspace');
    expect(themeForPath('/workspace/create')).toBe('workspace');
    expect(themeForPath('/controlhub')).toBe('public');
    expect(themeForPath('/')).toBe('public');
  });

  it('the storage keys use the brand prefix with -workspace and -public', () => {
    expect(themeStorageKey('workspace')).toBe(`${brand.themeKeyPrefix}-workspace`);
    expect(themeStorageKey('public')).toBe(`${brand.themeKeyPrefix}-public`);
  });

  it('system mode follows the system preference', () => {
    expect(resolveMode('system', true)).toBe('dark');
    expect(resolveMode('system', false)).toBe('light');
    expect(resolveMode('light', true)).toBe('light');
    expect(resolveMode('dark', false)).toBe('dark');
  });
});
