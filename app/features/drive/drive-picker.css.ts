import { style } from '@vanilla-extract/css';
import * as controls from '../../ui/controls.css';
import { vars } from '../../ui/theme.css';

/** The drive browsed in place, in a box that scrolls on its own so the form around it stays put. */
export const picker = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  maxHeight: '320px',
  overflowY: 'auto',
  minWidth: 0,
});
export const crumbs = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs, fontSize: vars.fontSize.sm });
/** A folder's name may be one long word: it wraps rather than widening the picker. */
export const linkButton = style([controls.linkButton, { minHeight: '24px', overflowWrap: 'anywhere' }]);
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });
export const body = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0, flex: '1 1 auto' });
export const name = style({ fontWeight: 600, overflowWrap: 'anywhere', color: vars.color.text });
export const meta = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const action = style({ flex: '0 0 auto' });
export const empty = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
