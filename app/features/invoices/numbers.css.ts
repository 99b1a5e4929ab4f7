import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** The starting-number field and its Save side by side, wrapping on a narrow phone. */
export const startForm = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });
export const startField = style({ flex: '0 1 11rem', minWidth: 0 });
export const series = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
