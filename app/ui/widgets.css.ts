import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const tabs = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, width: '100%' });
export const tabList = style({
  display: 'flex',
  // More tabs than a phone's width holds go onto a second row rather than splitting words.
  flexWrap: 'wrap',
  gap: vars.space.xs,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const tab = style({
  flex: '1 1 auto',
  textAlign: 'center',
  // A tab's name is short: it breaks between words, never inside one.
  overflowWrap: 'normal',
  padding: `${vars.space.sm} ${vars.space.sm}`,
  minHeight: '40px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-selected]': { background: vars.color.surface, color: vars.color.text, boxShadow: vars.shadow.sm },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});
export const tabPanel = style({ outline: 'none' });

export const checkbox = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  minHeight: '28px',
});
export const checkboxBox = style({
  flex: '0 0 auto',
  width: '20px',
  height: '20px',
  marginTop: '1px',
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.accentText,
  selectors: {
    [`${checkbox}[data-selected] &`]: { background: vars.color.accent, borderColor: vars.color.accent },
    [`${checkbox}[data-invalid] &`]: { borderColor: vars.color.danger },
    [`${checkbox}[data-focus-visible] &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const avatar = style({
  width: '36px',
  height: '36px',
  borderRadius: '50%',
  background: vars.color.accent,
  color: vars.color.accentText,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 700,
  overflow: 'hidden',
  flex: '0 0 auto',
});
export const avatarImage = style({ width: '100%', height: '100%', objectFit: 'cover' });
export const avatarButton = style({
  background: 'transparent',
  border: 'none',
  padding: 0,
  borderRadius: '50%',
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const popover = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  minWidth: '200px',
  maxWidth: 'calc(100vw - 24px)',
  overflowWrap: 'anywhere',
  outline: 'none',
});
export const menu = style({ padding: vars.space.xs, outline: 'none' });
export const menuHeader = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});
export const menuItem = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  fontSize: vars.fontSize.sm,
  minHeight: '40px',
  display: 'flex',
  alignItems: 'center',
  selectors: { '&[data-focused]': { background: vars.color.accentSoft } },
});

export const segmented = style({
  display: 'inline-flex',
  padding: '2px',
  gap: '2px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const segment = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  padding: `${vars.space.xs} ${vars.space.md}`,
  minHeight: '32px',
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontFamily: 'inherit',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-selected]': { background: vars.color.accent, color: vars.color.accentText },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});
