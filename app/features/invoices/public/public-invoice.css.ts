import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const page = style({
  maxWidth: 760,
  margin: '0 auto',
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  '@media': { 'screen and (max-width: 640px)': { padding: vars.space.sm } },
});
export const items = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });
export const item = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const itemText = style({ minWidth: 0, overflowWrap: 'anywhere' });
export const totals = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginLeft: 'auto',
  minWidth: 'min(100%, 260px)',
});
export const totalRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.lg, fontVariantNumeric: 'tabular-nums' });
export const totalStrong = style([totalRow, { fontWeight: 700, fontSize: vars.fontSize.lg }]);
export const payments = style({ margin: 0, paddingLeft: vars.space.lg });
export const pay = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  '@media': { print: { display: 'none' } },
});
export const payText = style({ margin: 0 });
export const payForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, maxWidth: 360 });
