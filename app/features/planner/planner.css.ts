import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const phone = 'screen and (max-width: 640px)';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const group = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
export const segmented = style({
  display: 'inline-flex',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});
export const segment = style({
  background: 'transparent',
  color: vars.color.text,
  border: 'none',
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: '40px',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.accent, color: vars.color.accentText, fontWeight: 700 },
    '& + &': { borderLeft: `1px solid ${vars.color.border}` },
  },
});
export const rangeTitle = style({ fontSize: vars.fontSize.lg, margin: 0, minWidth: '10ch' });

export const monthTable = style({ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' });
export const weekdayHead = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  padding: vars.space.xs,
  textAlign: 'left',
  fontWeight: 600,
});
export const dayCell = style({
  border: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  height: '110px',
  padding: vars.space.xs,
  overflow: 'hidden',
  '@media': { [phone]: { height: '64px', padding: '2px' } },
});
export const otherMonth = style({ background: vars.color.surfaceAlt, color: vars.color.textMuted });
export const dayNumber = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '1.75rem',
  height: '1.75rem',
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  background: 'transparent',
  border: 'none',
  color: 'inherit',
  cursor: 'pointer',
});
export const today = style({ background: vars.color.accent, color: vars.color.accentText });
export const entries = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' });
export const entry = style({
  display: 'block',
  width: '100%',
  textAlign: 'left',
  border: 'none',
  borderLeft: '4px solid',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  padding: '2px 6px',
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  cursor: 'pointer',
  textDecoration: 'none',
});
/** In the week's columns a chip wraps rather than cut its title short. */
export const entryWrap = style({ whiteSpace: 'normal', overflowWrap: 'anywhere' });
export const entryDone = style({ textDecoration: 'line-through', opacity: 0.7 });
export const more = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const weekGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
  gap: vars.space.sm,
  '@media': { [phone]: { gridTemplateColumns: '1fr' } },
});
export const weekDay = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
  minHeight: '180px',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  '@media': { [phone]: { minHeight: 'auto' } },
});
export const weekDayToday = style({ borderColor: vars.color.accent, borderWidth: '2px' });
export const dayHeading = style({ fontSize: vars.fontSize.sm, margin: 0, fontWeight: 700 });

export const agendaDays = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const agendaEntry = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  borderLeft: '6px solid',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  padding: vars.space.md,
  flexWrap: 'wrap',
});
export const agendaMain = style({ flex: '1 1 180px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: '2px' });
export const agendaTitle = style({ fontWeight: 700, margin: 0, overflowWrap: 'anywhere' });
export const swatch = style({
  display: 'inline-block',
  width: '1rem',
  height: '1rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});
export const comments = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const comment = style({
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
  overflowWrap: 'anywhere',
});
export const dialogScroll = style({
  maxHeight: '70vh',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  paddingRight: '2px',
});
