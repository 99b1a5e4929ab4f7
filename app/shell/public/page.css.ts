import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const container = style({ maxWidth: '1200px', margin: '0 auto', padding: `0 ${vars.space.lg}` });
export const section = style({ padding: `${vars.space.xxl} 0`, scrollMarginTop: '72px' });
export const sectionAlt = style([section, { background: vars.color.surfaceAlt }]);
export const eyebrow = style({
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.1em',
  fontWeight: 700,
  color: vars.color.textMuted,
  margin: `0 0 ${vars.space.sm}`,
});
export const h1 = style({ fontSize: vars.fontSize.hero, letterSpacing: '-0.03em', margin: `0 0 ${vars.space.lg}` });
export const h2 = style({ fontSize: 'clamp(1.5rem, 4vw, 2.25rem)', letterSpacing: '-0.02em' });
export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, maxWidth: '680px', margin: `0 0 ${vars.space.xl}` });
export const ctaRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' });
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
export const tile = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  background: vars.color.surface,
});
globalStyle(`${tile} h3`, { fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.xs}` });
globalStyle(`${tile} > span`, { marginBottom: vars.space.sm });
export const moduleGroups = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
/** Modules still to come take less room than the ones people can use: two columns even on a phone. */
export const comingGrid = style([grid, { gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 160px), 1fr))' }]);
globalStyle(`${comingGrid} > li`, { padding: vars.space.md });
globalStyle(`${comingGrid} h3`, { fontSize: vars.fontSize.md });
export const moduleGroupTitle = style({ fontSize: vars.fontSize.lg, margin: `${vars.space.md} 0 0` });
globalStyle(`${tile} p`, { margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const plans = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))',
  maxWidth: '860px',
});
export const planCard = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  background: vars.color.surface,
});
export const planCardFeatured = style([planCard, { border: `2px solid ${vars.color.accent}`, boxShadow: vars.shadow.md }]);
export const badges = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const badge = style({
  display: 'inline-block',
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.05em',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
});
export const badgeStrong = style([badge, { background: vars.color.accent, color: vars.color.accentText, borderColor: vars.color.accent }]);
export const price = style({ fontSize: '2.5rem', fontWeight: 800, letterSpacing: '-0.03em' });
export const per = style({ color: vars.color.textMuted, marginLeft: vars.space.xs });
export const checkList = style({ margin: 0, paddingLeft: '1.2em', display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const planCta = style({ marginTop: 'auto' });

export const scrollHint = style({
  display: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  margin: `0 0 ${vars.space.sm}`,
  '@media': { 'screen and (max-width: 600px)': { display: 'block' } },
});
export const tableWrap = style({
  overflowX: 'auto',
  position: 'relative',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm, minWidth: '560px' });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
globalStyle(`${table} thead th`, { background: vars.color.surfaceAlt, fontWeight: 700 });
globalStyle(`${table} tbody th`, { fontWeight: 600 });
globalStyle(`${table} th, ${table} td`, {
  '@media': { 'screen and (max-width: 600px)': { padding: `${vars.space.sm} ${vars.space.md}` } },
});
/** A two-plan table fits a phone without sideways scrolling. */
export const tableNarrow = style({ minWidth: 0 });
export const highlightCol = style({ background: vars.color.accentSoft });

export const faq = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, maxWidth: '820px' });
export const faqItem = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
});
globalStyle(`${faqItem} summary`, { cursor: 'pointer', fontWeight: 600, minHeight: '28px' });
globalStyle(`${faqItem} p`, { margin: `${vars.space.sm} 0 0`, color: vars.color.textMuted });

export const band = style({
  background: vars.color.accent,
  color: vars.color.accentText,
  borderRadius: vars.radius.lg,
  padding: vars.space.xxl,
  textAlign: 'center',
});
globalStyle(`${band} p`, { opacity: 0.85 });
export const bandRow = style([ctaRow, { justifyContent: 'center' }]);
// Nested under the band so these win over the button variant styles regardless of stylesheet order.
export const onAccent = style({});
export const onAccentOutline = style({});
globalStyle(`${band} ${onAccent}`, { background: vars.color.accentText, color: vars.color.accent, borderColor: vars.color.accentText });
globalStyle(`${band} ${onAccentOutline}`, { background: 'transparent', color: vars.color.accentText, borderColor: vars.color.accentText });
