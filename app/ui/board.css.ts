import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

const phone = 'screen and (max-width: 640px)';

/*
 * A board of columns and cards (the projects' tasks, the CRM's deals): cards move by react-aria's
 * drag and drop with a mouse or the keyboard, and by a finger on the handle (touch drag).
 */

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
  selectors: { '&[data-touch-over]': { outline: `2px dashed ${vars.color.focus}` } },
});

export const boardList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minHeight: '72px',
  outline: 'none',
  borderRadius: vars.radius.md,
  selectors: { '&[data-drop-target]': { outline: `2px dashed ${vars.color.focus}` } },
});

export const boardCard = style({
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
    '&[data-dragging], &[data-touch-dragging]': { opacity: 0.5 },
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
  // On a touch screen a finger on the handle carries the card (useTouchDrag): the handle takes the
  // touch, which react-aria leaves to the card, and the board must not pan under it.
  // react-aria sets pointer-events: none inline, which only !important outweighs (the type has no room for it).
  '@media': {
    '(pointer: coarse)': { pointerEvents: 'auto !important' as 'auto', touchAction: 'none', minWidth: '40px', minHeight: '40px' },
  },
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

export const dropIndicator = style({
  outline: 'none',
  height: '0',
  selectors: { '&[data-drop-target]': { borderTop: `3px solid ${vars.color.focus}` } },
});

export const boardEmpty = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, padding: vars.space.sm, textAlign: 'center' });
