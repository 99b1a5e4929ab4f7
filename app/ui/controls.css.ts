import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  fontFamily: 'inherit',
  cursor: 'pointer',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    '&[data-pressed]': { transform: 'translateY(1px)' },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.accent, color: vars.color.accentText }],
  secondary: [buttonBase, { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.border }],
  ghost: [buttonBase, { background: 'transparent', color: vars.color.text }],
  danger: [buttonBase, { background: vars.color.danger, color: vars.color.dangerText }],
});

export const fullWidth = style({ width: '100%' });

/** The same states on a native <button> (app/ui/plain-button.tsx), which has no react-aria data attributes. */
export const nativeButton = style({
  selectors: {
    '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
    '&:active:not(:disabled)': { transform: 'translateY(1px)' },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

/** A button that reads as a link: a folder in the drive picker, a task's name on the board. */
export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  fontWeight: 600,
  color: vars.color.text,
  textDecoration: 'underline',
  cursor: 'pointer',
  textAlign: 'left',
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, width: '100%' });
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });
export const input = style({
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  fontFamily: 'inherit',
  width: '100%',
  selectors: {
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-focused]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});
export const textarea = style([input, { padding: vars.space.md, minHeight: '120px', resize: 'vertical' }]);
export const description = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  width: '32px',
  height: '32px',
  borderRadius: '50%',
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.accent,
  animation: `${spin} 0.8s linear infinite`,
});
export const centred = style({
  minHeight: '60vh',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.textMuted,
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  boxShadow: vars.shadow.sm,
  '@media': { 'screen and (max-width: 480px)': { padding: vars.space.lg } },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(0,0,0,0.45)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  zIndex: 50,
});
export const modal = style({
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  width: 'min(480px, 100%)',
  maxHeight: '90vh',
  overflow: 'auto',
  outline: 'none',
});
export const dialog = style({ padding: vars.space.xl, outline: 'none' });

/** A round remove button over the corner of a picture (a listing's photo, an event's gallery picture). */
export const pictureRemove = style({
  position: 'absolute',
  top: '4px',
  right: '4px',
  minWidth: '32px',
  minHeight: '32px',
  borderRadius: '50%',
  border: 'none',
  background: 'rgba(0,0,0,0.7)',
  color: '#fff',
  cursor: 'pointer',
  fontSize: vars.fontSize.md,
  lineHeight: 1,
  selectors: {
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});
