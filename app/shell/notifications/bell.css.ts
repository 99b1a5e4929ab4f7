import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const bell = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '44px',
  minHeight: '44px',
  padding: 0,
  borderRadius: vars.radius.md,
  border: 'none',
  background: 'transparent',
  color: vars.color.headerText,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: 'rgba(127,127,127,0.16)' },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});
export const badge = style({
  position: 'absolute',
  top: '4px',
  right: '2px',
  minWidth: '18px',
  height: '18px',
  padding: '0 4px',
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.dangerText,
  fontSize: '11px',
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
  boxSizing: 'border-box',
});
export const popover = style({
  width: 'min(400px, calc(100vw - 24px))',
  maxHeight: 'min(560px, calc(100vh - 80px))',
  display: 'flex',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  outline: 'none',
});
export const sheetOverlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(0,0,0,0.45)',
  display: 'flex',
  alignItems: 'flex-end',
  zIndex: 50,
});
export const sheet = style({
  width: '100%',
  maxHeight: '88vh',
  display: 'flex',
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
  boxShadow: vars.shadow.md,
  outline: 'none',
});
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  minHeight: 0,
  outline: 'none',
});
export const loading = style({ display: 'flex', justifyContent: 'center', padding: vars.space.xl, width: '100%' });
