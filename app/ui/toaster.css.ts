import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const region = style({
  position: 'fixed',
  bottom: 0,
  right: 0,
  zIndex: 100,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  width: 'min(420px, 100vw)',
  margin: 0,
  listStyle: 'none',
  outline: 'none',
  pointerEvents: 'none',
});

const slideIn = keyframes({ from: { transform: 'translateX(100%)', opacity: 0 }, to: { transform: 'none', opacity: 1 } });

const toastBase = style({
  pointerEvents: 'auto',
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'start',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
  touchAction: 'pan-y',
  userSelect: 'none',
  animation: `${slideIn} 150ms ease-out`,
});

export const toast = styleVariants({
  default: [toastBase, { background: vars.color.surface, color: vars.color.text }],
  success: [toastBase, { background: vars.color.surface, color: vars.color.text, borderLeft: `4px solid ${vars.color.success}` }],
  destructive: [toastBase, { background: vars.color.danger, color: vars.color.dangerText, borderColor: vars.color.danger }],
});

export const title = style({ fontWeight: 700, margin: 0, fontSize: vars.fontSize.sm });
export const descriptionText = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.sm, opacity: 0.9 });
export const close = style({
  background: 'transparent',
  border: 'none',
  color: 'inherit',
  cursor: 'pointer',
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  padding: vars.space.xs,
  minWidth: '32px',
  minHeight: '32px',
  borderRadius: vars.radius.sm,
});
export const actions = style({ display: 'flex', gap: vars.space.sm, marginTop: vars.space.md, flexWrap: 'wrap' });
export const progressTrack = style({
  height: '6px',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  overflow: 'hidden',
  marginTop: vars.space.md,
});
export const progressFill = style({ height: '100%', background: vars.color.accent, transition: 'width 200ms linear' });
export const recoveryCard = style([
  toast.default,
  { position: 'fixed', top: vars.space.lg, right: vars.space.lg, zIndex: 101, width: 'min(380px, calc(100vw - 32px))' },
]);
