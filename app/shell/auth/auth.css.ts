import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  gap: vars.space.xl,
  background: vars.color.surfaceAlt,
  '@media': { 'screen and (max-width: 480px)': { padding: `${vars.space.xl} ${vars.space.md}` } },
});
export const brandLink = style({ fontSize: vars.fontSize.xl, fontWeight: 800, textDecoration: 'none', letterSpacing: '-0.02em' });
export const panel = style({ width: 'min(440px, 100%)' });
export const heading = style({ fontSize: vars.fontSize.xl, margin: `0 0 ${vars.space.xs}` });
export const lead = style({ color: vars.color.textMuted, margin: `0 0 ${vars.space.lg}`, fontSize: vars.fontSize.sm });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  margin: `${vars.space.sm} 0`,
  selectors: { '&::before, &::after': { content: '""', flex: 1, height: '1px', background: vars.color.border } },
});
export const socialRow = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.sm });
export const switchLine = style({
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  margin: `${vars.space.md} 0 0`,
});
export const inlineLink = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
});
export const dialogActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
  flexWrap: 'wrap',
});
export const codeRow = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, alignItems: 'flex-start' });
export const success = style({ textAlign: 'center', display: 'flex', flexDirection: 'column', gap: vars.space.md, alignItems: 'center' });
export const successIcon = style({
  width: '48px',
  height: '48px',
  borderRadius: '50%',
  background: vars.color.accentSoft,
  color: vars.color.success,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: vars.fontSize.xl,
});
