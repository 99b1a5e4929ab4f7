import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const phone = 'screen and (max-width: 767px)';

export const bell = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '44px',
  minHeight: '44px',
  padding: 0,
  borderRadius: vars.radius.md,
  border: 'none',
  background: 'transparent',
  color: vars.color.headerText,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: 'rgba(127,127,127,0.16)' },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});

export const badge = style({
  position: 'absolute',
  top: '4px',
  right: '2px',
  minWidth: '18px',
  height: '18px',
  padding: '0 4px',
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.dangerText,
  fontSize: '11px',
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
  boxSizing: 'border-box',
});

export const popover = style({
  width: 'min(400px, calc(100vw - 24px))',
  maxHeight: 'min(560px, calc(100vh - 80px))',
  display: 'flex',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  outline: 'none',
});

export const sheetOverlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(0,0,0,0.45)',
  display: 'flex',
  alignItems: 'flex-end',
  zIndex: 50,
});
export const sheet = style({
  width: '100%',
  maxHeight: '88vh',
  display: 'flex',
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
  boxShadow: vars.shadow.md,
  outline: 'none',
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  minHeight: 0,
  outline: 'none',
});
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

export const list = style({ display: 'flex', flexDirection: 'column', gap: '2px', outline: 'none' });
export const item = style({
  display: 'flex',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceAlt },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
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
export const itemTitle = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
export const itemTitleUnread = style([itemTitle, { fontWeight: 800 }]);
export const itemBody = style({ margin: 0, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const itemMeta = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const panelFooter = style({
  borderTop: `1px solid ${vars.color.border}`,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  fontSize: vars.fontSize.sm,
  '@media': { [phone]: { paddingBottom: `calc(${vars.space.sm} + env(safe-area-inset-bottom))` } },
});
export const footerLink = style({ color: vars.color.text, fontWeight: 600 });

/** The choices table: the kind on the left, a switch per channel. */
export const choices = style({ width: '100%', borderCollapse: 'collapse' });
export const choiceHead = style({
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.textMuted,
  textAlign: 'center',
  padding: `0 ${vars.space.sm} ${vars.space.sm}`,
  width: '72px',
});
export const choiceKindHead = style([choiceHead, { textAlign: 'left', width: 'auto', paddingLeft: 0 }]);
export const choiceKind = style({
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  textAlign: 'left',
  fontWeight: 400,
});
export const choiceCell = style({ padding: vars.space.sm, borderTop: `1px solid ${vars.color.border}`, textAlign: 'center' });
export const cellSwitch = style({ display: 'inline-flex', justifyContent: 'center' });
