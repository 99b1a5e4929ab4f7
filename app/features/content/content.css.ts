import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const phone = 'screen and (max-width: 640px)';

export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'flex-end' });
export const entryMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const editor = style({
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overflow: 'hidden',
});
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
});
export const toolButton = style({
  minWidth: '44px',
  minHeight: '44px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 700,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } },
});
export const editable = style({
  minHeight: '240px',
  padding: vars.space.md,
  outline: 'none',
  lineHeight: 1.6,
  overflowWrap: 'anywhere',
  selectors: { '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` } },
  '@media': { [phone]: { minHeight: '180px' } },
});

/** Rich text as readers see it (the editor, the preview and the article page share it). */
export const prose = style({ lineHeight: 1.7, fontSize: vars.fontSize.md, overflowWrap: 'anywhere', maxWidth: '70ch' });
globalStyle(`${prose} h2, ${editable} h2`, { fontSize: vars.fontSize.xl, margin: `${vars.space.lg} 0 ${vars.space.sm}` });
globalStyle(`${prose} h3, ${editable} h3`, { fontSize: vars.fontSize.lg, margin: `${vars.space.md} 0 ${vars.space.xs}` });
globalStyle(`${prose} p, ${editable} p`, { margin: `0 0 ${vars.space.md}` });
globalStyle(`${prose} blockquote`, {
  margin: `${vars.space.md} 0`,
  paddingLeft: vars.space.md,
  borderLeft: `4px solid ${vars.color.accent}`,
  color: vars.color.textMuted,
});
globalStyle(`${prose} a, ${editable} a`, { color: vars.color.accent });

export const cover = style({
  width: '100%',
  maxHeight: '420px',
  objectFit: 'cover',
  borderRadius: vars.radius.lg,
  display: 'block',
  background: vars.color.surfaceAlt,
});
export const coverThumb = style({
  width: '160px',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  display: 'block',
});

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: vars.space.lg,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { [phone]: { gridTemplateColumns: '1fr' } },
});
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  overflow: 'hidden',
});
export const cardLink = style({
  display: 'flex',
  flexDirection: 'column',
  color: vars.color.text,
  textDecoration: 'none',
  flex: 1,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } },
});
globalStyle(`${cardLink}:hover h3`, { textDecoration: 'underline' });
export const cardImage = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  display: 'block',
  background: vars.color.surfaceAlt,
});
export const cardBody = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  padding: vars.space.md,
});
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, overflowWrap: 'anywhere' });
export const cardFooter = style({ padding: `0 ${vars.space.md} ${vars.space.md}` });
export const categories = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });
export const chip = style({
  display: 'inline-block',
  alignSelf: 'flex-start',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  selectors: { '&[aria-current="page"]': { background: vars.color.accent, color: vars.color.accentText, borderColor: vars.color.accent } },
});
export const byline = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const article = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: '760px' });
export const articleTitle = style({ fontSize: vars.fontSize.xxl, margin: 0, '@media': { [phone]: { fontSize: vars.fontSize.xl } } });
