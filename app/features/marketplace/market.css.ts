import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const desktop = 'screen and (min-width: 880px)';
const phone = 'screen and (max-width: 599px)';

export const container = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${vars.space.lg}`,
  width: '100%',
  boxSizing: 'border-box',
});
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const h1 = style({ fontSize: 'clamp(1.5rem, 5vw, 2.25rem)', letterSpacing: '-0.02em', margin: 0, overflowWrap: 'anywhere' });
export const h2 = style({ fontSize: vars.fontSize.xl, margin: `0 0 ${vars.space.md}` });
export const muted = style({ color: vars.color.textMuted, margin: 0 });
export const small = style({ fontSize: vars.fontSize.sm });

// ---- header ----
export const topLinks = style({ display: 'none', gap: vars.space.lg, '@media': { [desktop]: { display: 'flex' } } });
export const headerTools = style({ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const desktopOnly = style({ display: 'none', '@media': { [desktop]: { display: 'inline-flex' } } });
export const cartLink = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '44px',
  minHeight: '44px',
  borderRadius: vars.radius.md,
  color: 'inherit',
  textDecoration: 'none',
});
export const cartBadge = style({
  position: 'absolute',
  top: '2px',
  right: '0',
  minWidth: '20px',
  height: '20px',
  padding: '0 5px',
  borderRadius: '10px',
  background: vars.color.accent,
  color: vars.color.accentText,
  fontSize: '12px',
  fontWeight: 700,
  lineHeight: '20px',
  textAlign: 'center',
  boxSizing: 'border-box',
});

// ---- search ----
export const searchForm = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'flex-end' });
export const searchInput = style({ flex: '1 1 240px', minWidth: 0 });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '36px',
  padding: `0 ${vars.space.md}`,
  borderRadius: '18px',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  selectors: { '&[aria-current="page"]': { background: vars.color.accent, color: vars.color.accentText, borderColor: vars.color.accent } },
});

// ---- product grid and cards ----
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { [phone]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.md } },
});
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  overflow: 'hidden',
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&:hover': { boxShadow: vars.shadow.md },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const cardImage = style({
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
  display: 'block',
});
export const cardPlaceholder = style([
  cardImage,
  { display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '2.5rem', fontWeight: 800, color: vars.color.textMuted },
]);
export const cardBody = style({ padding: vars.space.md, display: 'flex', flexDirection: 'column', gap: vars.space.xs, flex: 1 });
export const cardName = style({ fontWeight: 700, margin: 0, overflowWrap: 'anywhere' });
export const cardSeller = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: 0, overflowWrap: 'anywhere' });
export const priceRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: vars.space.sm, marginTop: 'auto' });
export const price = style({ fontWeight: 800, fontSize: vars.fontSize.lg });
export const was = style({ textDecoration: 'line-through', color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const stock = styleVariants({
  in_stock: { color: vars.color.success, fontSize: vars.fontSize.sm, fontWeight: 600 },
  low: { color: vars.color.warning, fontSize: vars.fontSize.sm, fontWeight: 600 },
  out: { color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 600 },
});

// ---- product page ----
export const productLayout = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: '1fr',
  '@media': { [desktop]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
export const productImage = style({
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceAlt,
});
export const productPlaceholder = style([
  productImage,
  { display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '5rem', fontWeight: 800, color: vars.color.textMuted },
]);
export const bigPrice = style({ fontSize: '2rem', fontWeight: 800, letterSpacing: '-0.02em' });
/** The options of a product with variants: a radio group of chips that wrap on a phone. */
export const optionLabel = style({ fontWeight: 600, fontSize: vars.fontSize.sm, marginBottom: vars.space.sm, display: 'block' });
export const optionChoices = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const optionChoice = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: '44px',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  cursor: 'pointer',
  background: vars.color.surface,
  outline: 'none',
  selectors: {
    '&[data-selected]': {
      borderColor: vars.color.accent,
      boxShadow: `inset 0 0 0 1px ${vars.color.accent}`,
      background: vars.color.accentSoft,
    },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const optionName = style({ fontWeight: 700 });
export const optionNote = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const buyBox = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, alignItems: 'flex-start' });
export const qtyRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end', flexWrap: 'wrap' });
export const qtyInput = style({ width: '96px' });
export const crumbs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  fontSize: vars.fontSize.sm,
});
globalStyle(`${crumbs} li + li::before`, { content: '"/"', marginRight: vars.space.xs, color: vars.color.textMuted });
export const facts = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });

// ---- storefront, directory ----
export const prose = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 });
export const policies = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 280px), 1fr))',
});
export const panel = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  background: vars.color.surface,
});
export const businessList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
});
export const filters = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
  alignItems: 'end',
});
export const select = style({
  minHeight: '44px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  width: '100%',
});

// ---- cart ----
export const cartList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const cartItem = style({
  display: 'grid',
  gridTemplateColumns: '72px minmax(0, 1fr)',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});
export const cartThumb = style({
  width: '72px',
  height: '72px',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const cartThumbEmpty = style([
  cartThumb,
  { display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 800, color: vars.color.textMuted },
]);
export const cartMain = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const cartControls = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const totals = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const changed = style({ color: vars.color.warning, fontSize: vars.fontSize.sm, fontWeight: 600, margin: 0 });
export const problem = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 600, margin: 0 });

// ---- checkout and orders ----
export const checkoutLayout = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [desktop]: { gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr)' } },
});
export const twoFields = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr 1fr',
  '@media': { [phone]: { gridTemplateColumns: '1fr' } },
});
export const summaryLines = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
globalStyle(`${summaryLines} > li`, { display: 'flex', justifyContent: 'space-between', gap: vars.space.md, overflowWrap: 'anywhere' });
export const summaryFigures = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
globalStyle(`${summaryFigures} dd`, { margin: 0, textAlign: 'right' });
export const orderHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'baseline',
  justifyContent: 'space-between',
});
export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
const pill = {
  borderRadius: vars.radius.pill,
  padding: '0.125rem 0.625rem',
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  border: '1px solid currentColor',
} as const;
export const badge = styleVariants({
  neutral: { ...pill, color: vars.color.textMuted },
  good: { ...pill, color: vars.color.success },
  warn: { ...pill, color: vars.color.warning },
  bad: { ...pill, color: vars.color.danger },
});
globalStyle(`${summaryLines} > li > span:last-child`, { whiteSpace: 'nowrap' });
