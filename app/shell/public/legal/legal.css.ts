import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const doc = style({ maxWidth: '780px', margin: '0 auto', padding: `0 ${vars.space.lg}` });
export const updated = style({ color: vars.color.textMuted, margin: `0 0 ${vars.space.xl}` });
export const intro = style({ fontSize: vars.fontSize.lg });
export const toc = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: `${vars.space.md} ${vars.space.xl}`,
  margin: `${vars.space.xl} 0`,
  background: vars.color.surfaceAlt,
});
export const tocTitle = style({ fontSize: vars.fontSize.md, margin: `${vars.space.sm} 0` });
globalStyle(`${toc} ol`, { margin: 0, paddingLeft: '1.4em', columns: '2 260px' });
globalStyle(`${toc} li`, { padding: '2px 0' });
export const sec = style({ scrollMarginTop: '72px', marginTop: vars.space.xl });
export const secTitle = style({ fontSize: vars.fontSize.xl });
globalStyle(`${sec} p, ${sec} li`, { color: vars.color.text, lineHeight: 1.65 });
globalStyle(`${sec} ul`, { paddingLeft: '1.3em' });
