import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const phone = 'screen and (max-width: 640px)';

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: vars.space.lg,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  minWidth: 0,
  selectors: { '&:hover': { borderColor: vars.color.accent } },
});
export const cardTitle = style({ fontWeight: 700, fontSize: vars.fontSize.lg, margin: 0, overflowWrap: 'anywhere' });

export const tabs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, margin: `0 0 ${vars.space.lg}` });

// A phone scrolls the table sideways rather than squeezing each column to a letter's width.
export const table = style({ width: '100%', minWidth: '34rem', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
export const th = style({ textAlign: 'left', padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` });
export const td = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, overflowWrap: 'break-word' });
// Positioned, so visually hidden text inside (an Actions header) scrolls with the table instead of widening the page.
export const tableWrap = style({ overflowX: 'auto', maxWidth: '100%', position: 'relative' });

/** The door's answer, big enough to read at arm's length. */
export const verdict = styleVariants({
  admit: { background: '#15803d', color: '#fff' },
  refuse: { background: '#b91c1c', color: '#fff' },
  again: { background: '#a16207', color: '#fff' },
});
export const verdictBox = style({
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  textAlign: 'center',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const verdictTitle = style({ fontSize: '2rem', fontWeight: 800, margin: 0, '@media': { [phone]: { fontSize: '1.6rem' } } });
export const counter = style({ fontSize: vars.fontSize.xl, fontWeight: 700, margin: 0 });
export const video = style({ width: '100%', maxHeight: '50vh', borderRadius: vars.radius.lg, background: '#000', objectFit: 'cover' });
export const code = style({ fontFamily: 'monospace', fontSize: vars.fontSize.xs, overflowWrap: 'anywhere', wordBreak: 'break-all' });

/** A registration waiting for approval: who, what, and the two decisions (stacked on a phone). */
export const request = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none', paddingBottom: 0 } },
});
export const requestWho = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0, overflowWrap: 'anywhere' });
export const requestActions = style({
  display: 'flex',
  gap: vars.space.sm,
  flex: 'none',
  '@media': { [phone]: { width: '100%', justifyContent: 'stretch' } },
});
export const requestButton = style({ '@media': { [phone]: { flex: 1 } } });
export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });

/** A picture field on the event's screen: its label and hint, the pictures, then its buttons. */
export const pictureGroup = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

/** The organiser's view of the cover: as wide as the column allows, up to 320 px, in the 16:9 the pages show. */
export const coverPreview = style({
  width: '100%',
  maxWidth: '320px',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  display: 'block',
});
export const gallery = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });
export const galleryItem = style({
  position: 'relative',
  width: '112px',
  height: '112px',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  '@media': { [phone]: { width: '96px', height: '96px' } },
});
export const galleryThumb = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  display: 'block',
  background: vars.color.surfaceAlt,
});

/** An event card's cover: across the top of the card, edge to edge. */
export const cardCover = style({
  width: `calc(100% + 2 * ${vars.space.lg})`,
  margin: `calc(-1 * ${vars.space.lg}) calc(-1 * ${vars.space.lg}) 0`,
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  display: 'block',
  background: vars.color.surfaceAlt,
  borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
  maxWidth: 'none',
});
