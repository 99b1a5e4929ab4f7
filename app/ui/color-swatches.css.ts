import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const swatches = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  outline: 'none',
});

/** A 44px target holding a round swatch; the chosen one is ringed. */
export const item = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  borderRadius: '50%',
  border: '2px solid transparent',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.border },
    '&[data-selected]': { borderColor: vars.color.text },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const swatch = style({
  width: '32px',
  height: '32px',
  borderRadius: '50%',
  // A light colour on a light card still shows its edge.
  boxShadow: 'inset 0 0 0 1px rgba(0,0,0,0.15)',
});

export const chosen = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
