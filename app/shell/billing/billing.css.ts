import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** Choice cards (billing cycle, credit pack): a radio group laid out as tiles that wrap on a phone. */
export const choices = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: vars.space.md });
export const choice = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  cursor: 'pointer',
  background: vars.color.surface,
  outline: 'none',
  selectors: {
    '&[data-selected]': { borderColor: vars.color.accent, borderWidth: '2px', background: vars.color.accentSoft },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const choiceTitle = style({ fontWeight: 700, margin: 0 });
export const choicePrice = style({ fontSize: vars.fontSize.lg, fontWeight: 800, margin: 0, fontVariantNumeric: 'tabular-nums' });
export const groupLabel = style({ fontWeight: 600, fontSize: vars.fontSize.sm, marginBottom: vars.space.sm, display: 'block' });

export const promoRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });
export const promoInput = style({ flex: '1 1 180px', minWidth: 0 });

export const total = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontWeight: 700,
  margin: 0,
});
export const amount = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const positive = style({ color: vars.color.success, fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const negative = style({ color: vars.color.danger, fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const subnav = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const subnavCurrent = style({ background: vars.color.surfaceAlt });
export const balance = style({ fontSize: vars.fontSize.xxl, fontWeight: 800, margin: 0, fontVariantNumeric: 'tabular-nums' });
export const plain = style({ margin: 0 });
