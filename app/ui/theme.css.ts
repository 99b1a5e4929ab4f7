import { createGlobalTheme, createThemeContract, globalStyle } from '@vanilla-extract/css';

/**
 * Two themes (spec §4 "Theme"): the workspace theme, black-yellow, on every /workspace/ path, and the
 * public theme, white-minimal, elsewhere; each in light and dark. The root element carries
 * `data-theme="workspace|public"` and `data-mode="light|dark"`; these vars follow them.
 */
export const vars = createThemeContract({
  color: {
    bg: null,
    surface: null,
    surfaceAlt: null,
    text: null,
    textMuted: null,
    border: null,
    accent: null,
    accentText: null,
    accentSoft: null,
    danger: null,
    dangerText: null,
    success: null,
    warning: null,
    focus: null,
    headerBg: null,
    headerText: null,
  },
  radius: { sm: null, md: null, lg: null, pill: null },
  space: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  font: { body: null, heading: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, hero: null },
  shadow: { sm: null, md: null },
});

const shared = {
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '40px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSize: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.5rem', xxl: '2rem', hero: 'clamp(2rem, 6vw, 3.5rem)' },
};

createGlobalTheme(':root[data-theme="public"][data-mode="light"]', vars, {
  ...shared,
  color: {
    bg: '#ffffff',
    surface: '#ffffff',
    surfaceAlt: '#f5f5f4',
    text: '#111111',
    textMuted: '#57534e',
    border: '#e7e5e4',
    accent: '#111111',
    accentText: '#ffffff',
    accentSoft: '#f5f5f4',
    danger: '#b91c1c',
    dangerText: '#ffffff',
    success: '#15803d',
    warning: '#a16207',
    focus: '#2563eb',
    headerBg: '#ffffff',
    headerText: '#111111',
  },
  shadow: { sm: '0 1px 2px rgba(0,0,0,0.06)', md: '0 8px 24px rgba(0,0,0,0.08)' },
});

createGlobalTheme(':root[data-theme="public"][data-mode="dark"]', vars, {
  ...shared,
  color: {
    bg: '#0c0a09',
    surface: '#1c1917',
    surfaceAlt: '#292524',
    text: '#fafaf9',
    textMuted: '#a8a29e',
    border: '#44403c',
    accent: '#fafaf9',
    accentText: '#0c0a09',
    accentSoft: '#292524',
    danger: '#f87171',
    dangerText: '#0c0a09',
    success: '#4ade80',
    warning: '#facc15',
    focus: '#60a5fa',
    headerBg: '#0c0a09',
    headerText: '#fafaf9',
  },
  shadow: { sm: '0 1px 2px rgba(0,0,0,0.4)', md: '0 8px 24px rgba(0,0,0,0.5)' },
});

createGlobalTheme(':root[data-theme="workspace"][data-mode="light"]', vars, {
  ...shared,
  color: {
    bg: '#fafaf7',
    surface: '#ffffff',
    surfaceAlt: '#f4f1e6',
    text: '#111111',
    textMuted: '#5c5a52',
    border: '#e4dfcc',
    accent: '#facc15',
    accentText: '#111111',
    accentSoft: '#fef9c3',
    danger: '#b91c1c',
    dangerText: '#ffffff',
    success: '#15803d',
    warning: '#a16207',
    focus: '#111111',
    headerBg: '#111111',
    headerText: '#facc15',
  },
  shadow: { sm: '0 1px 2px rgba(0,0,0,0.08)', md: '0 8px 24px rgba(0,0,0,0.12)' },
});

createGlobalTheme(':root[data-theme="workspace"][data-mode="dark"]', vars, {
  ...shared,
  color: {
    bg: '#0a0a0a',
    surface: '#161616',
    surfaceAlt: '#202020',
    text: '#f5f5f4',
    textMuted: '#a3a3a3',
    border: '#2e2e2e',
    accent: '#facc15',
    accentText: '#111111',
    accentSoft: '#3a3205',
    danger: '#f87171',
    dangerText: '#0a0a0a',
    success: '#4ade80',
    warning: '#facc15',
    focus: '#facc15',
    headerBg: '#000000',
    headerText: '#facc15',
  },
  shadow: { sm: '0 1px 2px rgba(0,0,0,0.5)', md: '0 8px 24px rgba(0,0,0,0.6)' },
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', {
  margin: 0,
  padding: 0,
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: '16px',
  lineHeight: 1.5,
  WebkitTextSizeAdjust: '100%',
  // A long name with no space (a workspace, a product, an e-mail address) wraps instead of running out of its card.
  overflowWrap: 'anywhere',
});
globalStyle('a', { color: 'inherit' });
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle('h1, h2, h3, h4', { fontFamily: vars.font.heading, lineHeight: 1.2, margin: '0 0 0.5em' });
