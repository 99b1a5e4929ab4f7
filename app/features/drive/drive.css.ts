import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const phone = 'screen and (max-width: 767px)';

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const breadcrumbs = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  fontSize: vars.fontSize.sm,
});
export const crumbLink = style({
  color: vars.color.text,
  textDecoration: 'underline',
  minHeight: '24px',
  display: 'inline-flex',
  alignItems: 'center',
});

export const usage = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, maxWidth: '420px', width: '100%' });
export const usageBar = style({
  height: '10px',
  width: '100%',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});
export const usageFill = style({ height: '100%', background: vars.color.accent });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});
export const thumb = style({
  width: '48px',
  height: '48px',
  flex: '0 0 48px',
  borderRadius: vars.radius.sm,
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  color: vars.color.textMuted,
  overflow: 'hidden',
});
export const rowMain = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0, flex: '1 1 auto' });
export const rowName = style({
  fontWeight: 600,
  margin: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  textAlign: 'left',
});
export const folderButton = style([
  rowName,
  {
    background: 'none',
    border: 'none',
    padding: 0,
    color: vars.color.text,
    cursor: 'pointer',
    font: 'inherit',
    fontWeight: 600,
    minHeight: '24px',
  },
]);
export const rowMeta = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: 0 });
export const rowActions = style({ display: 'flex', gap: vars.space.xs, flex: '0 0 auto' });

export const dropZone = style({
  width: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  borderRadius: vars.radius.lg,
  outline: 'none',
  selectors: { '&[data-drop-target]': { outline: `3px dashed ${vars.color.focus}`, outlineOffset: '4px' } },
});

export const progress = style({ width: '100%', height: '8px', accentColor: vars.color.accent });
export const uploads = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const uploadRow = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const linkBox = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  padding: vars.space.sm,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.sm,
  margin: 0,
});
export const phoneOnly = style({ display: 'none', '@media': { [phone]: { display: 'inline-flex' } } });
export const wrapRow = style({ flexWrap: 'wrap' });
export const menuButton = style({
  minWidth: '44px',
  minHeight: '44px',
  flex: '0 0 auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
});
export const searchField = style({ flex: '1 1 220px', width: 'auto' });
export const pageFit = style({ width: '100%', minWidth: 0, boxSizing: 'border-box' });
