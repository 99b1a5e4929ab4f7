import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const page = style({
  maxWidth: '1040px',
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  '@media': { 'screen and (max-width: 480px)': { padding: `${vars.space.xl} ${vars.space.md}` } },
});
export const top = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md });
export const intro = style({ color: vars.color.textMuted, margin: 0 });
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: vars.space.lg,
});
export const cardButton = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  cursor: 'pointer',
  minHeight: '150px',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.text },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-pending], &[data-disabled]': { opacity: 0.6, cursor: 'progress' },
  },
});
export const cardIcon = style({
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});
export const cardTitle = style({ fontWeight: 700, fontSize: vars.fontSize.lg });
export const cardText = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const skip = style({ alignSelf: 'center' });

export const banner = style({
  position: 'relative',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warning}`,
  background: vars.color.accentSoft,
});
export const bannerText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  flex: '1 1 240px',
  overflowWrap: 'anywhere',
  '@media': { 'screen and (max-width: 480px)': { paddingRight: '36px' } },
});
export const bannerActions = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  flexWrap: 'wrap',
  '@media': { 'screen and (max-width: 480px)': { width: '100%' } },
});
export const bannerButton = style({ '@media': { 'screen and (max-width: 480px)': { flex: '1 1 auto' } } });
export const bannerClose = style({
  '@media': { 'screen and (max-width: 480px)': { position: 'absolute', top: vars.space.xs, right: vars.space.xs } },
  background: 'transparent',
  border: 'none',
  fontSize: vars.fontSize.xl,
  cursor: 'pointer',
  color: 'inherit',
  minWidth: '44px',
  minHeight: '44px',
});
