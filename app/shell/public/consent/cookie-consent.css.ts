import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const panel = style({
  position: 'fixed',
  zIndex: 50,
  left: vars.space.md,
  right: vars.space.md,
  bottom: vars.space.md,
  maxWidth: '560px',
  marginLeft: 'auto',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  maxHeight: 'calc(100vh - 32px)',
  overflowY: 'auto',
});
export const title = style({ fontSize: vars.fontSize.lg, margin: 0 });
export const text = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const option = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});
export const switchInput = style({ width: '22px', height: '22px', marginTop: '2px', accentColor: vars.color.accent, flexShrink: 0 });
export const optionLabel = style({ fontWeight: 600, display: 'block' });
