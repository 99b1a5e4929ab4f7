import { useId, useState } from 'react';
import { ColorSwatch, ColorSwatchPicker as AriaColorSwatchPicker, ColorSwatchPickerItem } from 'react-aria-components';
import * as c from './controls.css';
import * as s from './color-swatches.css';

export interface NamedColour {
  name: string;
  /** '#RRGGBB', upper case. */
  hex: string;
}

/** The colours offered by default: strong enough to tell apart on a calendar, each with a name. */
export const swatchPalette: readonly NamedColour[] = [
  { name: 'Gold', hex: '#FFD700' },
  { name: 'Orange', hex: '#F97316' },
  { name: 'Red', hex: '#DC2626' },
  { name: 'Pink', hex: '#DB2777' },
  { name: 'Purple', hex: '#7C3AED' },
  { name: 'Blue', hex: '#2563EB' },
  { name: 'Green', hex: '#00A86B' },
  { name: 'Grey', hex: '#6B7280' },
];

export interface ColorPickerProps {
  label: string;
  /** '#RRGGBB' (any case); anything else selects no swatch. */
  value: string;
  onChange: (hex: string) => void;
  /** The message to show under the swatches (the form's check of the value). */
  error?: string;
  palette?: readonly NamedColour[];
}

const HEX = /^#[0-9A-Fa-f]{6}$/;
const CUSTOM = 'Custom colour';

/**
 * A colour chosen from named swatches (arrow keys move, Enter or Space choose). A colour that is not
 * in the palette (set elsewhere, or by an older app) is offered beside it as "Custom colour", and
 * stays offered after another is chosen, so it can be chosen back. Value and change are '#RRGGBB'.
 */
export function ColorSwatches({ label, value, onChange, error, palette = swatchPalette }: ColorPickerProps) {
  const id = useId();
  const hex = HEX.test(value) ? value.toUpperCase() : null;
  const named = palette.find((p) => p.hex === hex);
  const [custom, setCustom] = useState<string | null>(hex && !named ? hex : null);
  // A custom colour that arrives later (another device's edit) joins the swatches too.
  if (hex && !named && hex !== custom) setCustom(hex);
  const choices = custom && !palette.some((p) => p.hex === custom) ? [...palette, { name: CUSTOM, hex: custom }] : palette;
  const chosenName = named?.name ?? (hex ? CUSTOM : null);
  return (
    <div className={c.field}>
      <span id={`${id}-label`} className={c.label}>
        {label}
      </span>
      <AriaColorSwatchPicker
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-note`}
        // A value that is no colour selects no swatch (a transparent one is never offered).
        value={hex ?? '#00000000'}
        onChange={(colour) => onChange(colour.toString('hex'))}
        className={s.swatches}
      >
        {choices.map((choice) => (
          <ColorSwatchPickerItem key={choice.hex} color={choice.hex} className={s.item}>
            <ColorSwatch colorName={choice.name} className={s.swatch} />
          </ColorSwatchPickerItem>
        ))}
      </AriaColorSwatchPicker>
      {error ? (
        <span id={`${id}-note`} className={c.error}>
          {error}
        </span>
      ) : (
        <span id={`${id}-note`} className={c.description} data-testid="chosen-colour">
          {chosenName ? `${chosenName} (${hex})` : 'No colour chosen'}
        </span>
      )}
    </div>
  );
}
