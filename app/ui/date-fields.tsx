import type { DateFieldProps } from './date-pickers';
import { lazyModule } from './lazy-module';
import { TextField } from './text-field';

export type { DateFieldProps };

/**
 * Date and time fields (issue 37 §13): react-aria's pickers, segments to type into and a month to
 * pick from. Their code (react-aria's date hooks, @internationalized/date and their strings, about
 * 150 KiB) does not fit the install's 2 MiB budget, so it loads when a form first shows a field and
 * the worker's chunk cache keeps it. Until then (the first moments, or offline before it was ever
 * fetched) the field is the browser's own input, as before: same label, same value, same message,
 * so a form works either way.
 */
const usePickers = lazyModule(() => import('./date-pickers'));

/** A day, 'YYYY-MM-DD' or ''. */
export function DateField(props: DateFieldProps) {
  const pickers = usePickers();
  return pickers ? <pickers.DatePickerField {...props} /> : <TextField type="date" {...props} />;
}

/** A time of day, 'HH:mm' or ''. */
export function TimeField(props: DateFieldProps) {
  const pickers = usePickers();
  return pickers ? <pickers.TimePickerField {...props} /> : <TextField type="time" {...props} />;
}

/** A day and time on this device's clock, 'YYYY-MM-DDTHH:mm' or ''. */
export function DateTimeField(props: DateFieldProps) {
  const pickers = usePickers();
  return pickers ? <pickers.DateTimePickerField {...props} /> : <TextField type="datetime-local" {...props} />;
}
