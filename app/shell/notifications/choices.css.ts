import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

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
