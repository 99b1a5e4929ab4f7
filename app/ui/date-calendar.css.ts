import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// Seven 40px columns and the dialog's padding: about 310px, inside a 390px phone with room to spare.
const cellSize = '40px';

export const calendar = style({ width: `calc(7 * ${cellSize})`, maxWidth: '100%' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 700, textAlign: 'center', flex: '1 1 auto' });

export const nav = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: cellSize,
  height: cellSize,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceAlt },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[data-disabled]': { opacity: 0.4, cursor: 'not-allowed' },
  },
});

export const grid = style({ borderCollapse: 'collapse', width: '100%' });

export const weekday = style({
  height: '28px',
  padding: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const cell = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: cellSize,
  height: cellSize,
  borderRadius: '50%',
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-outside-month]': { visibility: 'hidden' },
    '&[data-hovered]': { background: vars.color.surfaceAlt },
    '&[data-today]': { fontWeight: 700, boxShadow: `inset 0 0 0 1px ${vars.color.border}` },
    '&[data-selected]': { background: vars.color.accent, color: vars.color.accentText, fontWeight: 700 },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-1px' },
    '&[data-disabled], &[data-unavailable]': { color: vars.color.textMuted, opacity: 0.5, cursor: 'not-allowed' },
  },
});
