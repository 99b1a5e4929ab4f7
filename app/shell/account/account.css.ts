import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const avatarRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.lg, minWidth: 0 });
/** app/ui's Avatar is menu-sized; the profile shows it larger. */
export const bigAvatar = style({ display: 'inline-flex', flex: '0 0 auto' });
globalStyle(`${bigAvatar} > span`, { width: '72px', height: '72px', fontSize: vars.fontSize.xxl });

export const plans = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: vars.space.lg });
export const planCard = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const planCurrent = style({ borderColor: vars.color.accent, borderWidth: '2px' });
export const price = style({ fontSize: vars.fontSize.xl, fontWeight: 800, margin: 0 });

export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: vars.space.sm,
});
export const navCurrent = style({ background: vars.color.surfaceAlt });
