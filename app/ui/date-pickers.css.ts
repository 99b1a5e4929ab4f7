import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** The box the segments sit in: it looks and sizes like a text input (controls.css `input`). */
export const group = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '44px',
  width: '100%',
  paddingLeft: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  selectors: {
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-focus-within]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[data-disabled]': { opacity: 0.55 },
  },
});

export const segments = style({
  display: 'flex',
  alignItems: 'center',
  flex: '1 1 auto',
  minWidth: 0,
  padding: `${vars.space.sm} 0`,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  overflowX: 'auto',
});

export const segment = style({
  padding: '0 1px',
  borderRadius: vars.radius.sm,
  outline: 'none',
  caretColor: 'transparent',
  selectors: {
    '&[data-type="literal"]': { padding: 0, color: vars.color.textMuted },
    '&[data-placeholder]': { color: vars.color.textMuted },
    '&[data-focused]': { background: vars.color.accent, color: vars.color.accentText },
  },
});

/** The calendar button at the end of the box: a 44px target, on a phone too. */
export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: '0 0 auto',
  alignSelf: 'stretch',
  minWidth: '44px',
  marginLeft: vars.space.xs,
  border: 'none',
  borderLeft: `1px solid ${vars.color.border}`,
  borderRadius: `0 ${vars.radius.md} ${vars.radius.md} 0`,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceAlt },
    '&[data-pressed]': { background: vars.color.accentSoft },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
    '&[data-disabled]': { cursor: 'not-allowed' },
  },
});

/** No trigger on a time field: the box keeps its right padding instead. */
export const plain = style({ paddingRight: vars.space.md });

export const popover = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  maxWidth: 'calc(100vw - 16px)',
  outline: 'none',
});

export const dialog = style({ padding: vars.space.md, outline: 'none' });
