import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const phone = 'screen and (max-width: 640px)';

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: vars.space.lg,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  minWidth: 0,
  selectors: { '&:hover': { borderColor: vars.color.accent } },
});
export const cardTitle = style({ fontWeight: 700, fontSize: vars.fontSize.lg, margin: 0, overflowWrap: 'anywhere' });

export const status = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontSize: vars.fontSize.sm });
export const dot = style({ width: '8px', height: '8px', borderRadius: '50%', display: 'inline-block', flex: 'none' });

/** Five columns side by side on a wide screen; on a phone they scroll sideways, one and a bit in view. */
export const board = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(168px, 1fr)',
  gap: vars.space.md,
  overflowX: 'auto',
  paddingBottom: vars.space.sm,
  '@media': { [phone]: { gridAutoColumns: '78%', scrollSnapType: 'x mandatory' } },
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
export const columnHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  margin: 0,
});
export const taskList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minHeight: '72px',
  outline: 'none',
  borderRadius: vars.radius.md,
  selectors: { '&[data-drop-target]': { outline: `2px dashed ${vars.color.focus}` } },
});
export const taskCard = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  outline: 'none',
  cursor: 'pointer',
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
export const taskBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0, flex: 1 });
export const taskTitle = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const taskMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});
export const dropIndicator = style({
  outline: 'none',
  height: '0',
  selectors: { '&[data-drop-target]': { borderTop: `3px solid ${vars.color.focus}` } },
});
export const empty = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, padding: vars.space.sm, textAlign: 'center' });

export const addRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end', flexWrap: 'wrap' });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
export const th = style({
  textAlign: 'left',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
});
export const td = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, overflowWrap: 'anywhere' });
export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  fontWeight: 600,
  color: vars.color.text,
  textDecoration: 'underline',
  cursor: 'pointer',
  textAlign: 'left',
});

export const connection = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const description = style({
  width: '100%',
  minHeight: '140px',
  boxSizing: 'border-box',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  background: vars.color.surface,
  color: vars.color.text,
  resize: 'vertical',
});

export const feed = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const feedItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  overflowWrap: 'anywhere',
});
export const feedHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});
export const reactions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const reaction = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  padding: `2px ${vars.space.sm}`,
  minHeight: '32px',
  font: 'inherit',
  cursor: 'pointer',
  selectors: { '&[data-selected]': { borderColor: vars.color.accent, fontWeight: 700, background: vars.color.accentSoft } },
});
export const standups = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: vars.space.md,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
