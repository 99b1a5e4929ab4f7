import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const phone = 'screen and (max-width: 767px)';

export const panelHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const panelTitle = style({ fontSize: vars.fontSize.md, margin: 0 });
export const headerActions = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });
export const textButton = style({
  minHeight: '40px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textDecoration: 'underline',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed', textDecoration: 'none' },
    '&[data-hovered]': { background: vars.color.surfaceAlt },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}` },
  },
});
export const closeButton = style([textButton, { textDecoration: 'none', fontSize: vars.fontSize.lg, minWidth: '40px' }]);
export const body = style({ overflowY: 'auto', minHeight: 0, flex: '1 1 auto', padding: vars.space.sm });
export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xl} ${vars.space.lg}`,
});
export const stateTitle = style({ margin: 0, fontWeight: 700 });
export const staleNote = style({
  margin: `0 0 ${vars.space.sm}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  fontSize: vars.fontSize.sm,
});
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' });
export const item = style({
  display: 'flex',
  gap: vars.space.sm,
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
});
export const itemUnread = style([item, { background: vars.color.accentSoft }]);
export const dot = style({
  flex: '0 0 auto',
  width: '8px',
  height: '8px',
  marginTop: '7px',
  borderRadius: '50%',
  background: 'transparent',
});
export const dotUnread = style([dot, { background: vars.color.danger }]);
export const itemMain = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const itemTitle = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const itemTitleUnread = style([itemTitle, { fontWeight: 800 }]);
export const itemBody = style({ fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const itemMeta = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const panelFooter = style({
  borderTop: `1px solid ${vars.color.border}`,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  fontSize: vars.fontSize.sm,
  '@media': { [phone]: { paddingBottom: `calc(${vars.space.sm} + env(safe-area-inset-bottom))` } },
});
export const footerLink = style({ color: vars.color.text, fontWeight: 600 });
export const syncTrouble = style({
  display: 'block',
  margin: `0 0 ${vars.space.sm}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});
