import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const phone = 'screen and (max-width: 767px)';

/** Products beside the cart on a wide screen; one column (products, then cart) on a phone. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(300px, 380px)',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
export const finders = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: vars.space.sm,
  alignItems: 'start',
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: vars.space.sm,
  '@media': { [phone]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const tile = style({
  width: '100%',
  minHeight: '84px',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.sm,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&[data-pressed]': { background: vars.color.accentSoft },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const tileName = style({ fontWeight: 700, fontSize: vars.fontSize.md, overflowWrap: 'anywhere', lineHeight: 1.25 });
export const tileMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  width: '100%',
  justifyContent: 'space-between',
  gap: `0 ${vars.space.sm}`,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});
export const price = style({ fontWeight: 700, color: vars.color.text, fontVariantNumeric: 'tabular-nums' });

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  minWidth: 0,
});
export const panelTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });
export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const line = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: `${vars.space.xs} ${vars.space.sm}`,
  alignItems: 'center',
  paddingBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const lineName = style({ fontWeight: 600, overflowWrap: 'anywhere', margin: 0 });
export const lineAmount = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums', textAlign: 'right', margin: 0 });
export const stepper = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, gridColumn: '1 / -1' });
export const stepButton = style({
  minWidth: '44px',
  minHeight: '44px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  fontFamily: 'inherit',
  cursor: 'pointer',
  selectors: { '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const qty = style({ minWidth: '2.5ch', textAlign: 'center', fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
export const grow = style({ flex: 1 });
export const sums = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0 });
export const sum = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, margin: 0 });
export const sumValue = style({ margin: 0, fontVariantNumeric: 'tabular-nums', fontWeight: 600, whiteSpace: 'nowrap' });
export const grand = style({ fontSize: vars.fontSize.xl, fontWeight: 800 });
export const chargeButton = style({ minHeight: '56px', fontSize: vars.fontSize.lg });

export const methods = style({ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: vars.space.xs });
export const splitFields = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: vars.space.sm,
});
export const method = style({
  minHeight: '44px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontWeight: 600,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': { background: vars.color.accent, color: vars.color.accentText, borderColor: vars.color.accent },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const quick = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const due = style({ fontSize: vars.fontSize.xxl, fontWeight: 800, margin: 0, fontVariantNumeric: 'tabular-nums' });
export const change = style({ fontSize: vars.fontSize.xl, fontWeight: 700, margin: 0 });

export const receipt = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  fontVariantNumeric: 'tabular-nums',
});
export const receiptHead = style({ textAlign: 'center', margin: 0 });
export const receiptBusiness = style({ fontWeight: 800, fontSize: vars.fontSize.lg, margin: 0, overflowWrap: 'anywhere' });
export const pendingNumber = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.warning}`,
  background: vars.color.accentSoft,
  fontWeight: 600,
  margin: 0,
});

export const shiftBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const sale = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const voided = style({ opacity: 0.7 });
export const struck = style({ textDecoration: 'line-through' });

/** On a phone the cart sits below the products: this bar stays at the bottom while scrolling them. */
export const reviewBar = style({
  display: 'none',
  '@media': {
    [phone]: {
      display: 'flex',
      position: 'sticky',
      bottom: vars.space.sm,
      zIndex: 5,
      boxShadow: vars.shadow.md,
      borderRadius: vars.radius.md,
    },
  },
});

export const refundMethods = style({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space.xs });
export const fieldError = style({ color: vars.color.danger, fontWeight: 600, margin: 0 });
export const returns = style({ flexBasis: '100%', margin: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' });
export const customer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const contactOption = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', textAlign: 'left', minWidth: 0 });
export const stockWarning = style({ color: vars.color.warning, fontWeight: 600, margin: 0, gridColumn: '1 / -1' });
export const zTableWrap = style({ overflowX: 'auto', maxWidth: '100%', position: 'relative' });
export const zTable = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.xs, fontVariantNumeric: 'tabular-nums' });
globalStyle(`${zTable} th, ${zTable} td`, {
  padding: `${vars.space.xs} 3px`,
  textAlign: 'right',
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${vars.color.border}`,
});
globalStyle(`${zTable} th:first-child`, { textAlign: 'left' });
export const receiptPage = style({
  maxWidth: '420px',
  margin: '0 auto',
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
