import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const page = style({
  minHeight: '70vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  padding: vars.space.xl,
  gap: vars.space.sm,
});
export const code = style({ fontSize: vars.fontSize.hero, fontWeight: 800, margin: 0, color: vars.color.textMuted });
export const text = style({ color: vars.color.textMuted, margin: 0, maxWidth: '40ch' });
export const links = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', justifyContent: 'center', marginTop: vars.space.lg });
