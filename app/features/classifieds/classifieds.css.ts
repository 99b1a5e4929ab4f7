import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const phone = 'screen and (max-width: 640px)';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: vars.space.lg,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { [phone]: { gridTemplateColumns: '1fr 1fr', gap: vars.space.sm } },
});
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  overflow: 'hidden',
  minWidth: 0,
  height: '100%',
  selectors: { '&:hover': { borderColor: vars.color.accent }, '&:focus-visible': { outline: `2px solid ${vars.color.accent}` } },
});
export const cardPhoto = style({
  width: '100%',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  display: 'block',
  background: vars.color.surfaceAlt,
});
export const noPhoto = style([
  cardPhoto,
  { display: 'flex', alignItems: 'center', justifyContent: 'center', color: vars.color.textMuted, fontSize: vars.fontSize.sm },
]);
export const cardBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: vars.space.md, minWidth: 0 });
export const cardTitle = style({ fontWeight: 700, margin: 0, overflowWrap: 'anywhere', fontSize: vars.fontSize.md });
export const price = style({ fontWeight: 800, fontSize: vars.fontSize.lg, margin: 0 });
export const bigPrice = style({ fontWeight: 800, fontSize: vars.fontSize.xxl, margin: 0 });
export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0, overflowWrap: 'anywhere' });

export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(200px, 2fr) repeat(3, minmax(140px, 1fr))',
  gap: vars.space.md,
  alignItems: 'end',
  '@media': { [phone]: { gridTemplateColumns: '1fr 1fr' } },
});
export const searchCell = style({ '@media': { [phone]: { gridColumn: '1 / -1' } } });

export const photos = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const thumb = style({ position: 'relative', width: '96px', height: '96px', borderRadius: vars.radius.md, overflow: 'hidden' });
export const thumbImage = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block', background: vars.color.surfaceAlt });

export const detail = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(280px, 2fr)',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [phone]: { gridTemplateColumns: '1fr', gap: vars.space.lg } },
});
export const gallery = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const mainPhoto = style({
  width: '100%',
  aspectRatio: '4 / 3',
  objectFit: 'contain',
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.lg,
  display: 'block',
});
export const thumbs = style({ display: 'flex', gap: vars.space.sm, overflowX: 'auto' });
export const thumbButton = style({
  padding: 0,
  border: `2px solid transparent`,
  borderRadius: vars.radius.md,
  background: 'none',
  cursor: 'pointer',
  flex: '0 0 auto',
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.accent } },
});
export const side = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
export const description = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 });
export const safety = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warning}`,
  background: vars.color.surfaceAlt,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const thread = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const bubbleRow = styleVariants({
  mine: { display: 'flex', justifyContent: 'flex-end' },
  theirs: { display: 'flex', justifyContent: 'flex-start' },
  event: { display: 'flex', justifyContent: 'center' },
});
export const bubble = styleVariants({
  mine: {
    maxWidth: '85%',
    padding: `${vars.space.sm} ${vars.space.md}`,
    borderRadius: vars.radius.lg,
    background: vars.color.accent,
    color: vars.color.accentText,
    overflowWrap: 'anywhere',
    whiteSpace: 'pre-wrap',
  },
  theirs: {
    maxWidth: '85%',
    padding: `${vars.space.sm} ${vars.space.md}`,
    borderRadius: vars.radius.lg,
    background: vars.color.surfaceAlt,
    color: vars.color.text,
    overflowWrap: 'anywhere',
    whiteSpace: 'pre-wrap',
  },
  event: {
    maxWidth: '95%',
    padding: `${vars.space.xs} ${vars.space.md}`,
    borderRadius: vars.radius.md,
    border: `1px dashed ${vars.color.border}`,
    fontSize: vars.fontSize.sm,
    fontWeight: 600,
    textAlign: 'center',
    overflowWrap: 'anywhere',
  },
});
export const bubbleMeta = style({ display: 'block', fontSize: vars.fontSize.xs, opacity: 0.8, marginTop: vars.space.xs });
export const composer = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const threadBox = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});
