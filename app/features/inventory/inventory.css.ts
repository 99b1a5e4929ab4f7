import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const lowRow = style({ borderColor: vars.color.warning, borderLeftWidth: '6px' });
export const lowBadge = style({
  display: 'inline-flex',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  background: vars.color.accentSoft,
  border: `1px solid ${vars.color.warning}`,
  color: vars.color.text,
});
export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: 0,
});
export const figures = style({ display: 'flex', gap: vars.space.lg, alignItems: 'baseline', flexWrap: 'wrap' });
export const figure = style({ display: 'flex', flexDirection: 'column', margin: 0, minWidth: '72px' });
export const figureLabel = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const figureValue = style({ fontWeight: 700, fontSize: vars.fontSize.lg, fontVariantNumeric: 'tabular-nums', margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const search = style({ maxWidth: '420px' });
/** The Variants section under a product's form, set apart from the form's buttons. */
export const variantsSection = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.lg, marginTop: vars.space.lg });
