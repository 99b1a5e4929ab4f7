import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const wrap = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });
export const hiddenLabel = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
export const select = style({
  minHeight: '40px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontFamily: 'inherit',
  maxWidth: '100%',
});
