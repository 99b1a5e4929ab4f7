import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const phone = 'screen and (max-width: 767px)';

export const indicator = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: '999px',
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  background: vars.color.surface,
  textDecoration: 'none',
  // The desktop sidebar's top bar is narrow and shared with the workspace name: keep the pill small.
  fontSize: vars.fontSize.xs,
  whiteSpace: 'nowrap',
  maxWidth: '100%',
  minHeight: '28px',
  flexShrink: 0,
  // Desktop: a short second line rather than squeezing the workspace name beside it.
  '@media': {
    'screen and (min-width: 768px)': { whiteSpace: 'normal', maxWidth: '96px', lineHeight: 1.2 },
    [phone]: { fontSize: vars.fontSize.sm, minHeight: '36px' },
  },
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const dot = styleVariants({
  online: { width: '10px', height: '10px', borderRadius: '50%', background: vars.color.success, flex: '0 0 auto' },
  waiting: { width: '10px', height: '10px', borderRadius: '50%', background: vars.color.warning, flex: '0 0 auto' },
  offline: { width: '10px', height: '10px', borderRadius: '50%', background: vars.color.textMuted, flex: '0 0 auto' },
});

export const countBadge = styleVariants({
  danger: {
    background: vars.color.danger,
    color: vars.color.dangerText,
    borderRadius: '999px',
    padding: `0 ${vars.space.xs}`,
    fontWeight: 700,
  },
  warning: {
    background: vars.color.warning,
    color: vars.color.text,
    borderRadius: '999px',
    padding: `0 ${vars.space.xs}`,
    fontWeight: 700,
  },
});

export const entry = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: '8px',
  padding: vars.space.md,
  background: vars.color.surface,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const values = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const valueTerm = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const valueDef = style({ margin: 0, overflowWrap: 'anywhere', fontWeight: 600 });

export const table = style({ width: '100%', borderCollapse: 'collapse', '@media': { [phone]: { display: 'none' } } });
export const th = style({
  textAlign: 'left',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const td = style({
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
  verticalAlign: 'top',
});
export const cards = style({
  display: 'none',
  listStyle: 'none',
  padding: 0,
  margin: 0,
  flexDirection: 'column',
  gap: vars.space.sm,
  '@media': { [phone]: { display: 'flex' } },
});
export const conflictMark = style({
  marginLeft: vars.space.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  color: vars.color.dangerText,
  background: vars.color.danger,
  borderRadius: '999px',
  padding: `0 ${vars.space.xs}`,
  textDecoration: 'none',
});
export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: 'inherit',
  font: 'inherit',
  textDecoration: 'underline',
  cursor: 'pointer',
  textAlign: 'left',
});

/** The usual "Synced" word: on the narrow desktop sidebar the green dot (and tooltip) says it. */
export const phoneText = style({ '@media': { 'screen and (min-width: 768px)': { display: 'none' } } });

/** The first-sync bar above a workspace page: a labelled track that fills. */
export const catchUp = style({
  display: 'grid',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
});
export const catchUpTrack = style({ height: '8px', borderRadius: vars.radius.pill, background: vars.color.surfaceAlt, overflow: 'hidden' });
export const catchUpFill = style({ height: '100%', background: vars.color.accent, transition: 'width 200ms linear' });
