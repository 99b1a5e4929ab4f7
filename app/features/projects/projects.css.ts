import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export {
  board,
  column,
  boardList as taskList,
  boardCard as taskCard,
  dragHandle,
  cardBody as taskBody,
  cardTitle as taskTitle,
  cardMeta as taskMeta,
  dropIndicator,
  boardEmpty as empty,
} from '../../ui/board.css';

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

export const columnHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  margin: 0,
});

export const addRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end', flexWrap: 'wrap' });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
export const th = style({
  textAlign: 'left',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
});
export const td = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, overflowWrap: 'anywhere' });

export const connection = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const description = style({
  display: 'block',
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

/** The description and, laid over it in the same box and font, the others' carets and selections. */
export const descriptionBox = style({ position: 'relative' });
export const descriptionMirror = style({
  position: 'absolute',
  inset: 0,
  boxSizing: 'border-box',
  padding: vars.space.md,
  border: '1px solid transparent',
  font: 'inherit',
  color: 'transparent',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'break-word',
  overflow: 'hidden',
  pointerEvents: 'none',
});
export const remoteCaret = style({
  position: 'relative',
  borderLeft: '2px solid',
  marginLeft: '-1px',
  marginRight: '-1px',
});
export const remoteName = style({
  position: 'absolute',
  left: '-2px',
  bottom: '100%',
  color: '#ffffff',
  fontSize: '0.7rem',
  fontWeight: 600,
  lineHeight: 1.3,
  padding: '0 4px',
  borderRadius: '4px 4px 4px 0',
  whiteSpace: 'nowrap',
});
export const remoteSelection = style({ borderRadius: '2px' });
export const peerList = style({ display: 'inline-flex', flexWrap: 'wrap', gap: vars.space.sm });
export const peer = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

/** The calendar view: a month grid on a wide screen, the agenda on a phone. */
export const calendarBar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
export const calendarTitle = style({ fontSize: vars.fontSize.lg, margin: 0, minWidth: '12ch', textAlign: 'center' });
export const calendarGrid = style({ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' });
export const calendarHead = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  padding: vars.space.xs,
  textAlign: 'left',
  fontWeight: 600,
});
export const calendarCell = style({ border: `1px solid ${vars.color.border}`, verticalAlign: 'top', padding: 0, height: '112px' });
export const calendarOther = style({ background: vars.color.surfaceAlt, color: vars.color.textMuted });
export const calendarDrop = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  height: '100%',
  minHeight: '112px',
  boxSizing: 'border-box',
  padding: vars.space.xs,
  outline: 'none',
  selectors: { '&[data-drop-target]': { background: vars.color.accentSoft, outline: `2px dashed ${vars.color.focus}` } },
});
export const calendarDay = style({
  alignSelf: 'flex-start',
  minWidth: '1.75rem',
  height: '1.75rem',
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  background: 'transparent',
  border: '2px solid transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
});
export const calendarToday = style({ background: vars.color.accent, color: vars.color.accentText });
export const calendarPicked = style({ borderColor: vars.color.focus });
export const chips = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const chipRow = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const chip = style({
  display: 'flex',
  alignItems: 'center',
  minWidth: 0,
  borderLeft: `4px solid ${vars.color.focus}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  fontSize: vars.fontSize.xs,
  cursor: 'grab',
});
export const chipDone = style({ textDecoration: 'line-through', opacity: 0.7 });
export const chipDragging = style({ opacity: 0.4 });
export const chipHandle = style({
  background: 'transparent',
  border: 'none',
  color: vars.color.textMuted,
  padding: '0 2px',
  minWidth: '20px',
  minHeight: '24px',
  cursor: 'grab',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` } },
});
export const chipTitle = style({
  flex: 1,
  minWidth: 0,
  background: 'none',
  border: 'none',
  padding: '2px 4px 2px 0',
  font: 'inherit',
  color: vars.color.text,
  textAlign: 'left',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  cursor: 'pointer',
});
export const undated = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  outline: 'none',
  selectors: { '&[data-drop-target]': { background: vars.color.accentSoft, borderColor: vars.color.focus } },
});
export const agendaDay = style({ fontSize: vars.fontSize.md, margin: 0 });
export const agendaRow = style([
  feedItem,
  { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space.sm },
]);
export const agendaDate = style({ flex: '0 0 160px' });

export const attachmentRow = style([
  feedItem,
  { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm },
]);
export const attachmentName = style({ fontWeight: 600, overflowWrap: 'anywhere', color: vars.color.text });

/** Team channels: the list beside the conversation on a wide screen, above it on a phone. */
export const channelLayout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(200px, 260px) minmax(0, 1fr)',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg } },
});
export const channelNav = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
export const channelList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  '@media': { [phone]: { flexDirection: 'row', flexWrap: 'wrap', gap: vars.space.xs } },
});
export const channelLink = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 600,
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&[aria-current="page"]': { background: vars.color.accentSoft, outline: `1px solid ${vars.color.accent}` },
  },
  '@media': {
    [phone]: { border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.pill, padding: `${vars.space.xs} ${vars.space.md}` },
  },
});
export const channelMain = style({ minWidth: 0 });
