import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

const desktop = 'screen and (min-width: 880px)';

export const page = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });
export const main = style({ flex: 1 });
export const skip = style({
  position: 'absolute',
  left: '-9999px',
  selectors: {
    '&:focus': { left: vars.space.md, top: vars.space.md, zIndex: 100, background: vars.color.surface, padding: vars.space.sm },
  },
});

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  background: vars.color.headerBg,
  color: vars.color.headerText,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const bar = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.lg,
  minHeight: '60px',
});
export const logo = style({ fontWeight: 800, fontSize: vars.fontSize.xl, textDecoration: 'none', letterSpacing: '-0.02em' });
export const nav = style({
  display: 'none',
  gap: vars.space.lg,
  '@media': { [desktop]: { display: 'flex' } },
});
export const navLink = style({
  textDecoration: 'none',
  fontWeight: 500,
  padding: `${vars.space.xs} 0`,
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
export const actions = style({
  marginLeft: 'auto',
  display: 'none',
  alignItems: 'center',
  gap: vars.space.md,
  '@media': { [desktop]: { display: 'flex' } },
});
export const menuToggle = style({
  marginLeft: 'auto',
  minWidth: '44px',
  minHeight: '44px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  padding: `0 ${vars.space.md}`,
  cursor: 'pointer',
  '@media': { [desktop]: { display: 'none' } },
});
export const mobileMenu = style({
  borderTop: `1px solid ${vars.color.border}`,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  '@media': { [desktop]: { display: 'none' } },
});
export const mobileList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
globalStyle(`${mobileList} a`, { display: 'block', padding: `${vars.space.sm} 0`, textDecoration: 'none', fontWeight: 500 });
export const mobileHeading = style({
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
  color: vars.color.textMuted,
  margin: 0,
});
export const mobileActions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  marginTop: vars.space.xxl,
});
export const footerInner = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
});
export const footerHeading = style({
  fontSize: vars.fontSize.sm,
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
  margin: `0 0 ${vars.space.sm}`,
});
export const footerList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
globalStyle(`${footerList} a, ${footerList} button`, {
  color: vars.color.textMuted,
  textDecoration: 'none',
  display: 'inline-block',
  padding: `${vars.space.xs} 0`,
});
globalStyle(`${footerList} a:hover, ${footerList} button:hover`, { color: vars.color.text, textDecoration: 'underline' });
export const linkButton = style({ background: 'none', border: 'none', font: 'inherit', cursor: 'pointer', padding: 0, textAlign: 'left' });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const copyright = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const notice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.accentSoft,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});
export const noticeClose = style({
  marginLeft: 'auto',
  minWidth: '44px',
  minHeight: '44px',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
});
