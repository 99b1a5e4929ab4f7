import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const field = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });
export const preview = style({
  width: '96px',
  height: '96px',
  flex: '0 0 auto',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  overflow: 'hidden',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});
export const previewImage = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
export const containImage = style({ width: '100%', height: '100%', objectFit: 'contain', display: 'block' });
export const side = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0, flex: '1 1 160px' });
export const buttons = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm });
export const status = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: 0 });
export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger, margin: 0 });
export const picture = style({ objectFit: 'cover', display: 'block', background: vars.color.surfaceAlt });
/** A product's photo across the top of a till tile. */
export const tilePicture = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 3',
  borderRadius: vars.radius.sm,
});
/** A small square beside a list row's name. */
export const rowPicture = style({ width: '56px', height: '56px', flex: '0 0 auto', borderRadius: vars.radius.sm });
/** Data saver's tap-to-load stand-in: the picture's box, dashed, with a short word in it. */
export const held = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  padding: vars.space.xs,
  border: `1px dashed ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  maxWidth: '100%',
  fontFamily: 'inherit',
  cursor: 'pointer',
});
