import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

const phone = 'screen and (max-width: 767px)';

export const shell = style({
  display: 'grid',
  gridTemplateColumns: '248px minmax(0, 1fr)',
  minHeight: '100vh',
  // The sidebar's colour runs the full height of long pages, not just one screen.
  background: `linear-gradient(to right, ${vars.color.headerBg} 248px, transparent 248px)`,
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateRows: 'auto 1fr', background: 'none' } },
});

export const sidebar = style({
  background: vars.color.headerBg,
  color: vars.color.headerText,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.lg,
  position: 'sticky',
  top: 0,
  height: '100vh',
  overflowY: 'auto',
  '@media': {
    [phone]: { position: 'sticky', height: 'auto', padding: `${vars.space.sm} ${vars.space.md}`, gap: vars.space.sm, zIndex: 10 },
  },
});

// In the narrow desktop sidebar the sync status and avatar wrap under the name rather than squeeze it.
export const topBar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  '@media': { [phone]: { flexWrap: 'nowrap' } },
});
export const brandName = style({
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
  opacity: 0.8,
  margin: 0,
});
export const workspaceName = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 800,
  margin: 0,
  overflowWrap: 'anywhere',
  '@media': { [phone]: { fontSize: vars.fontSize.md, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } },
});
export const nameBlock = style({ minWidth: 0, flex: '1 1 140px' });

export const menuButton = style({
  display: 'none',
  minHeight: '44px',
  minWidth: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.headerText}`,
  background: 'transparent',
  color: vars.color.headerText,
  fontWeight: 700,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  '@media': { [phone]: { display: 'inline-flex', alignItems: 'center', justifyContent: 'center' } },
});

export const nav = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  flex: 1,
  '@media': { [phone]: { paddingBottom: vars.space.sm } },
});
export const navClosed = style({ '@media': { [phone]: { display: 'none' } } });

export const navGroupLabel = style({
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
  opacity: 0.7,
  margin: `0 0 ${vars.space.xs}`,
});
export const navList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' });

export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: '40px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.headerText,
  textDecoration: 'none',
  fontWeight: 600,
  selectors: {
    '&:hover': { background: 'rgba(255,255,255,0.08)' },
    '&[data-status="active"]': { background: vars.color.accent, color: vars.color.accentText },
  },
});
export const navSoon = style([navLink, { opacity: 0.55, cursor: 'not-allowed', selectors: { '&:hover': { background: 'transparent' } } }]);
export const soonTag = style({ fontSize: vars.fontSize.xs, fontWeight: 600, opacity: 0.9 });
export const navFooter = style({ marginTop: 'auto', display: 'flex', flexDirection: 'column', gap: '2px' });

export const content = style({ minWidth: 0 });
export const inner = style({
  maxWidth: '1080px',
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.xl} ${vars.space.xxl}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  '@media': { [phone]: { padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xl}` } },
});
export const barActions = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flex: '0 0 auto' });
export const modeRow = style({ paddingTop: vars.space.md, color: vars.color.text });
