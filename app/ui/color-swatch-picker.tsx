import type { ColorPickerProps } from './color-swatches';
import { lazyModule } from './lazy-module';
import { TextField } from './text-field';

const useSwatches = lazyModule(() => import('./color-swatches'));

/**
 * A colour chosen from named swatches (react-aria's ColorSwatchPicker), value '#RRGGBB'. Its code
 * (react-aria's colour model and colour names in every language, about 55 KiB) stays out of the
 * install and loads when first shown; until it is on the device the field is a text box for the hex
 * value, as before, so the form works offline either way.
 */
export function ColorSwatchPicker(props: ColorPickerProps) {
  const swatches = useSwatches();
  if (swatches) return <swatches.ColorSwatches {...props} />;
  return (
    <TextField
      label={props.label}
      description="A hex colour, e.g. #FFD700"
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    />
  );
}
