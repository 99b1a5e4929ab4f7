import { useEffect, useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { brand } from '../../schema/brand';

/** spec §4 "Theme": a mode per theme, light, dark or system. */
export type ThemeMode = 'light' | 'dark' | 'system';
export type ThemeName = 'workspace' | 'public';
export const themeModes: readonly ThemeMode[] = ['light', 'dark', 'system'];

/** spec §9: a product prefix with the suffixes -workspace and -public. */
export function themeStorageKey(theme: ThemeName): string {
  return `${brand.themeKeyPrefix}-${theme}`;
}

/** The workspace theme (black-yellow) on paths containing /workspace/, the public theme elsewhere. */
export function themeForPath(pathname: string): ThemeName {
  return pathname.includes('/workspace/') ? 'workspace' : 'public';
}

export function resolveMode(mode: ThemeMode, systemPrefersDark: boolean): 'light' | 'dark' {
  if (mode === 'system') return systemPrefersDark ? 'dark' : 'light';
  return mode;
}

function isThemeMode(value: unknown): value is ThemeMode {
  return value === 'light' || value === 'dark' || value === 'system';
}

function readMode(theme: ThemeName): ThemeMode {
  try {
    const stored = globalThis.localStorage?.getItem(themeStorageKey(theme));
    return isThemeMode(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

interface ThemeModeState {
  modes: Record<ThemeName, ThemeMode>;
  setMode(theme: ThemeName, mode: ThemeMode): void;
}

export const useThemeModeStore = create<ThemeModeState>((set) => ({
  modes: { workspace: readMode('workspace'), public: readMode('public') },
  setMode: (theme, mode) => {
    try {
      globalThis.localStorage?.setItem(themeStorageKey(theme), mode);
    } catch {
      // private browsing: the choice lasts for this visit only
    }
    set((s) => ({ modes: { ...s.modes, [theme]: mode } }));
  },
}));

const darkQuery = '(prefers-color-scheme: dark)';

function subscribeSystem(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mql = window.matchMedia(darkQuery);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && Boolean(window.matchMedia?.(darkQuery).matches);
}

/** Whether the operating system currently asks for dark colours (follows changes live). */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(subscribeSystem, systemPrefersDark, () => false);
}

/** Puts the theme for `pathname` and its resolved mode on <html> (data-theme, data-mode). */
export function useApplyTheme(pathname: string) {
  const theme = themeForPath(pathname);
  const mode = useThemeModeStore((s) => s.modes[theme]);
  const prefersDark = useSystemPrefersDark();
  const resolved = resolveMode(mode, prefersDark);
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.dataset.mode = resolved;
    root.style.colorScheme = resolved;
  }, [theme, resolved]);
}
