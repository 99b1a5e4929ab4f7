import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const edge = vars.space.md;
const safeBottom = `calc(${edge} + env(safe-area-inset-bottom, 0px))`;

/** Bottom-left, clear of the toasts (bottom-right). Leaves the page usable: nothing modal here. */
export const updatePrompt = style({
  position: 'fixed',
  left: `calc(${edge} + env(safe-area-inset-left, 0px))`,
  bottom: safeBottom,
  zIndex: 90,
  width: 'min(380px, calc(100vw - 24px))',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: '#111111',
  color: '#fafafa',
  border: '1px solid #facc15',
  boxShadow: vars.shadow.md,
  fontSize: vars.fontSize.sm,
  // On a phone the bottom belongs to the page (cookie notice, the till's Charge bar): use the top.
  '@media': {
    'screen and (max-width: 600px)': {
      top: `calc(${vars.space.sm} + env(safe-area-inset-top, 0px))`,
      bottom: 'auto',
      left: vars.space.sm,
      width: `calc(100vw - 2 * ${vars.space.sm})`,
    },
  },
});

export const updateText = style({ flex: '1 1 160px', margin: 0, lineHeight: 1.35 });
export const updateTitle = style({ fontWeight: 700, display: 'block' });
export const updateActions = style({ display: 'flex', gap: vars.space.sm, marginLeft: 'auto' });

const promptButton = style({
  minHeight: '36px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  fontFamily: 'inherit',
  cursor: 'pointer',
  border: '1px solid transparent',
  selectors: {
    '&:focus-visible': { outline: '3px solid #facc15', outlineOffset: '2px' },
    '&:disabled': { opacity: 0.6, cursor: 'progress' },
  },
});
export const reloadButton = style([promptButton, { background: '#facc15', color: '#111111' }]);
export const laterButton = style([promptButton, { background: 'transparent', color: '#fafafa', borderColor: '#525252' }]);

/**
 * A slim strip at the top of the page, in its flow: it moves the page down by its height rather than
 * lying over anything (a pinned pill covered the theme switch and the till's labels on a phone).
 */
export const offlineBar = style({
  display: 'flex',
  justifyContent: 'center',
  padding: `${vars.space.xs} ${vars.space.md}`,
  paddingTop: `calc(${vars.space.xs} + env(safe-area-inset-top, 0px))`,
  background: '#27272a',
});
export const offlinePill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `2px ${vars.space.md}`,
  minHeight: '28px',
  borderRadius: vars.radius.pill,
  background: '#3f3f46',
  color: '#ffffff',
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.02em',
  boxShadow: vars.shadow.sm,
});
export const offlineDot = style({
  width: '8px',
  height: '8px',
  borderRadius: '50%',
  background: '#f87171',
  flex: 'none',
});

export const onlineOnly = style({
  margin: `${vars.space.xl} auto`,
  maxWidth: '520px',
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textAlign: 'center',
});
export const onlineOnlyText = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: 1.45 });
