import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
  alignItems: 'start',
});
export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  background: vars.color.surface,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const cardTitle = style({ fontSize: vars.fontSize.xl, margin: 0 });
export const form = style([card, { gap: vars.space.lg }]);
export const row = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
});
export const failure = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});
export const infoList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const infoLabel = style({
  display: 'block',
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
  color: vars.color.textMuted,
});
export const social = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, listStyle: 'none', padding: 0, margin: 0 });
