import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const phone = 'screen and (max-width: 767px)';

/** The range filter: its fields side by side, wrapping on a phone. */
export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
  alignItems: 'end',
  gap: vars.space.md,
});

/** The headline figures: four across on a wide screen, two on a phone. */
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.md,
  margin: 0,
  '@media': { [phone]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const figure = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});
export const figureLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: 0 });
export const figureValue = style({ fontSize: vars.fontSize.xl, fontWeight: 700, margin: 0, overflowWrap: 'anywhere' });

export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

/** A table scrolls sideways inside its box on a narrow screen instead of widening the page. */
export const tableWrap = style({
  overflowX: 'auto',
  maxWidth: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  whiteSpace: 'nowrap',
});
export const head = style([cell, { background: vars.color.surfaceAlt, fontWeight: 700 }]);
export const num = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
export const total = style({ fontWeight: 700 });
export const sub = style({ paddingLeft: vars.space.xl, color: vars.color.textMuted });

export const chart = style({ width: '100%', minHeight: '220px', margin: `0 0 ${vars.space.md}` });
export const chartNote = style({
  minHeight: '60px',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
  padding: vars.space.md,
  margin: `0 0 ${vars.space.md}`,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
});
