import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/** The product card with its wishlist heart laid over the picture (a button may not sit inside the link). */
export const cardWrap = style({ position: 'relative', height: '100%' });
export const heart = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minWidth: '44px',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  // In the product page's column it keeps its own width rather than stretching across.
  alignSelf: 'flex-start',
  selectors: {
    '&:hover': { borderColor: vars.color.danger },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[aria-pressed="true"]': { color: vars.color.danger, borderColor: vars.color.danger },
    '&:disabled': { opacity: 0.6, cursor: 'progress' },
  },
});
export const heartOnCard = style([
  heart,
  { position: 'absolute', top: vars.space.sm, right: vars.space.sm, padding: 0, boxShadow: vars.shadow.md },
]);
export const heartGlyph = style({ fontSize: '1.25rem', lineHeight: 1 });

export const stars = style({ color: vars.color.warning, letterSpacing: '0.1em', whiteSpace: 'nowrap' });
export const ratingLine = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, margin: 0 });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: '860px' });
export const reviewList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const review = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const reviewTitle = style({ fontSize: vars.fontSize.lg, margin: 0, overflowWrap: 'anywhere' });
export const verified = style({ color: vars.color.success, fontWeight: 600, fontSize: vars.fontSize.sm });
export const response = style({
  borderLeft: `3px solid ${vars.color.border}`,
  paddingLeft: vars.space.md,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

/** Five radio buttons drawn as stars: the chosen one and those before it are filled. */
export const starPicker = style({ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const starRow = style({ display: 'flex', gap: vars.space.xs });
export const starOption = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  fontSize: '1.75rem',
  color: vars.color.textMuted,
  cursor: 'pointer',
  borderRadius: vars.radius.md,
});
export const starOn = style({ color: vars.color.warning });
export const starInput = style({ position: 'absolute', opacity: 0, width: '100%', height: '100%', margin: 0, cursor: 'pointer' });
globalStyle(`${starOption}:has(${starInput}:focus-visible)`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: '560px' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const legend = style({ fontSize: vars.fontSize.sm, fontWeight: 600, padding: 0 });
export const fieldError = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });
