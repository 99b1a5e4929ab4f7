import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export {
  board,
  column,
  boardList as dealList,
  boardCard as card,
  dragHandle,
  cardBody,
  cardTitle,
  cardMeta,
  dropIndicator,
  boardEmpty as empty,
} from '../../../ui/board.css';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'flex-end',
  justifyContent: 'space-between',
});

export const columnHead = style({ display: 'flex', flexDirection: 'column', gap: '2px', padding: `${vars.space.xs} ${vars.space.sm}` });
export const columnName = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
  margin: 0,
});
export const dot = style({ width: '10px', height: '10px', borderRadius: '50%', display: 'inline-block', flex: 'none' });
export const columnMoney = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const cardActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' });
export const stageSelect = style({
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  padding: `2px ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  maxWidth: '100%',
});
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
export const th = style({
  textAlign: 'left',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
});
export const num = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const td = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` });
export const reasons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
/** A card's own buttons, smaller than a page's (doubled class: above the button's own padding whatever the CSS order). */
export const cardButton = style({
  selectors: { '&&': { padding: `2px ${vars.space.sm}`, fontSize: vars.fontSize.xs, minHeight: '32px' } },
});
