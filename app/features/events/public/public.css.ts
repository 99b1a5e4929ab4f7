import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const page = style({
  maxWidth: 960,
  margin: '0 auto',
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  width: '100%',
  boxSizing: 'border-box',
  '@media': { 'screen and (max-width: 640px)': { padding: vars.space.sm } },
});
export const narrow = style({ maxWidth: 640 });
export const search = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end', flexWrap: 'wrap' });
export const line = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const qty = style({ width: '9rem', flex: 'none' });
export const code = style({
  fontFamily: 'monospace',
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  wordBreak: 'break-all',
  padding: vars.space.md,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  userSelect: 'all',
});

/** The ticket's QR code: square, crisp when scaled, on white whatever the theme (scanners need the contrast). */
export const qr = style({
  display: 'block',
  width: 240,
  height: 240,
  maxWidth: '100%',
  margin: '0 auto',
  imageRendering: 'pixelated',
  background: '#fff',
  borderRadius: vars.radius.md,
});

/** The event's cover across the top of its page. */
export const cover = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  display: 'block',
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceAlt,
});
export const gallery = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { 'screen and (max-width: 640px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const galleryLink = style({
  display: 'block',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const galleryPicture = style({
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  display: 'block',
  background: vars.color.surfaceAlt,
});
export const cartRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end', flexWrap: 'wrap' });
export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });
