import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';

const phone = 'screen and (max-width: 767px)';

/** A page column for the pages outside a workspace (control hub, create, invitations). */
export const page = style({
  // A set width, not the content's: inside the shell's flex column the auto margins would size the page
  // to its widest content, so a wide table would widen the whole phone screen instead of scrolling in its box.
  width: '100%',
  maxWidth: '960px',
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.xxl}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  '@media': { [phone]: { padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xl}` } },
});
export const narrow = style({ maxWidth: '640px' });

export const pageHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const title = style({ fontSize: vars.fontSize.xxl, margin: 0, '@media': { [phone]: { fontSize: vars.fontSize.xl } } });
export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.md}` });
export const muted = style({ color: vars.color.textMuted, margin: 0 });
export const small = style({ fontSize: vars.fontSize.sm });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
export const formActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, justifyContent: 'flex-end' });
export const twoColumns = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  gap: vars.space.lg,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const listItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});
export const itemMain = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0, flex: '1 1 200px' });
/** Inside a list item: a part that takes a line of its own (an inline form). */
export const itemWide = style({ flex: '1 1 100%', minWidth: 0 });
export const itemName = style({ fontWeight: 700, fontSize: vars.fontSize.lg, overflowWrap: 'anywhere', margin: 0 });

const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  border: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
export const badge = styleVariants({
  neutral: [badgeBase, { background: vars.color.surfaceAlt, color: vars.color.text }],
  accent: [badgeBase, { background: vars.color.accentSoft, color: vars.color.text, borderColor: vars.color.accent }],
});

const noticeBase = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const notice = styleVariants({
  info: [noticeBase, { background: vars.color.surfaceAlt }],
  warning: [noticeBase, { background: vars.color.accentSoft, borderColor: vars.color.warning }],
  error: [noticeBase, { background: vars.color.surface, borderColor: vars.color.danger }],
});
export const noticeTitle = style({ fontWeight: 700, margin: 0 });

export const emptyState = style({
  textAlign: 'center',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
});

/** Native selects look like the text inputs of app/ui. */
export const select = style({
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  fontFamily: 'inherit',
  width: '100%',
  selectors: { '&:disabled': { opacity: 0.6 } },
});
export const fieldWrap = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, width: '100%' });
export const fieldLabel = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });
export const fieldError = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });
export const fieldHint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const check = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '36px',
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' } },
});
export const box = style({
  width: '20px',
  height: '20px',
  flex: '0 0 20px',
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.text}`,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: '14px',
  lineHeight: 1,
  selectors: {
    [`${check}[data-selected] &`]: { background: vars.color.accent, color: vars.color.accentText, borderColor: vars.color.accent },
    [`${check}[data-focus-visible] &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const switchTrack = style({
  width: '44px',
  height: '26px',
  flex: '0 0 44px',
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  position: 'relative',
  transition: 'background 120ms',
  selectors: {
    [`${check}[data-selected] &`]: { background: vars.color.accent },
    [`${check}[data-focus-visible] &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const switchThumb = style({
  position: 'absolute',
  top: '3px',
  left: '3px',
  width: '20px',
  height: '20px',
  borderRadius: '50%',
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  transition: 'transform 120ms',
  selectors: { [`${check}[data-selected] &`]: { transform: 'translateX(18px)' } },
});

export const dangerCard = style({ borderColor: vars.color.danger });
export const dialogBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const phoneOnly = style({ display: 'none', '@media': { [phone]: { display: 'inherit' } } });
export const desktopOnly = style({ '@media': { [phone]: { display: 'none' } } });

export const facts = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: `${vars.space.md} 0 0` });
export const fact = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space.sm });
export const factValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
export const bullets = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, paddingLeft: vars.space.xl });
/** Title on the left, the avatar menu on the right, on every width. */
export const titleBar = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space.md });

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** Two fields side by side, one above the other on narrow screens. */
export const pairGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.lg,
  '@media': { 'screen and (max-width: 560px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const actionRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
