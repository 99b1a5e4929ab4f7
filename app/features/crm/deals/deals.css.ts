import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

const phone = 'screen and (max-width: 640px)';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'flex-end',
  justifyContent: 'space-between',
});

/** The stages side by side on a wide screen; on a phone they scroll sideways, one and a bit in view. */
export const board = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(168px, 1fr)',
  gap: vars.space.md,
  overflowX: 'auto',
  paddingBottom: vars.space.sm,
  '@media': { [phone]: { gridAutoColumns: '82%', scrollSnapType: 'x mandatory' } },
});
export const column = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.lg,
  padding: vars.space.sm,
  minWidth: 0,
  scrollSnapAlign: 'start',
});
export const columnHead = style({ display: 'flex', flexDirection: 'column', gap: '2px', padding: `${vars.space.xs} ${vars.space.sm}` });
export const columnName = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
  margin: 0,
});
export const dot = style({ width: '10px', height: '10px', borderRadius: '50%', display: 'inline-block', flex: 'none' });
export const columnMoney = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const dealList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minHeight: '72px',
  outline: 'none',
  borderRadius: vars.radius.md,
  selectors: { '&[data-drop-target]': { outline: `2px dashed ${vars.color.focus}` } },
});
export const card = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  padding: vars.space.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` },
    '&[data-dragging]': { opacity: 0.5 },
  },
});
export const dragHandle = style({
  background: 'transparent',
  border: 'none',
  color: vars.color.textMuted,
  cursor: 'grab',
  padding: `0 ${vars.space.xs}`,
  minWidth: '28px',
  minHeight: '28px',
  fontSize: vars.fontSize.md,
});
export const cardBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0, flex: 1 });
export const cardTitle = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const cardMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});
export const cardActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' });
export const stageSelect = style({
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  padding: `2px ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  maxWidth: '100%',
});
export const empty = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, padding: vars.space.sm, textAlign: 'center' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
export const th = style({
  textAlign: 'left',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
});
export const num = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const td = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` });
export const reasons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
/** A card's own buttons, smaller than a page's (doubled class: above the button's own padding whatever the CSS order). */
export const cardButton = style({
  selectors: { '&&': { padding: `2px ${vars.space.sm}`, fontSize: vars.fontSize.xs, minHeight: '32px' } },
});
