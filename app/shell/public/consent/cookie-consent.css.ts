import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/** A band across the top of the page, in its flow: it pushes the page down and covers nothing. */
export const panel = style({
  background: vars.color.surface,
  color: vars.color.text,
  borderBottom: `1px solid ${vars.color.border}`,
  padding: `${vars.space.md} ${vars.space.md}`,
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
});
export const inner = style({
  maxWidth: '960px',
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const title = style({ fontSize: vars.fontSize.lg, margin: 0 });
export const text = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const option = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});
export const switchInput = style({ width: '22px', height: '22px', marginTop: '2px', accentColor: vars.color.accent, flexShrink: 0 });
export const optionLabel = style({ fontWeight: 600, display: 'block' });
