import { useMemo } from 'react';
import {
  Button as AriaButton,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  I18nProvider,
  Label,
  Popover,
  Text,
  TimeField as AriaTimeField,
} from 'react-aria-components';
import { CalendarDateTime, getLocalTimeZone, today, type CalendarDate } from '@internationalized/date';
import { DateCalendar } from './date-calendar';
import * as c from './controls.css';
import * as s from './date-pickers.css';
import { clockText, clockValue, dayText, dayValue, localText, localValue } from './date-values';

/**
 * react-aria's date and time pickers, loaded apart from the install (app/ui/date-fields.tsx says
 * why and what stands in for them until they are on the device).
 *
 * English with the spec's order of a date, year-month-day (YYYY-MM-DD), whatever the browser's own
 * language: the segments read 2026-05-01 on every device, as dates are written across the app.
 */
const FIELD_LOCALE = 'en-CA';

/** What every date and time field takes: the form's string in and out, '' for empty. */
export interface DateFieldProps {
  label: string;
  description?: string;
  /** The message to show; also marks the field invalid. */
  error?: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  autoFocus?: boolean;
}

const calendarIcon = (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.9" aria-hidden="true">
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" strokeLinecap="round" />
  </svg>
);

/** Label, segments, description and message: the parts every picker shares. */
function FieldParts({
  label,
  description,
  error,
  trigger,
}: Pick<DateFieldProps, 'label' | 'description' | 'error'> & { trigger: boolean }) {
  return (
    <>
      <Label className={c.label}>{label}</Label>
      <Group className={trigger ? s.group : `${s.group} ${s.plain}`}>
        <DateInput className={s.segments}>{(segment) => <DateSegment segment={segment} className={s.segment} />}</DateInput>
        {trigger ? <AriaButton className={s.trigger}>{calendarIcon}</AriaButton> : null}
      </Group>
      {description && !error ? (
        <Text slot="description" className={c.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={c.error}>{error}</FieldError>
    </>
  );
}

function CalendarPopover() {
  return (
    <Popover className={s.popover} placement="bottom start">
      <Dialog className={s.dialog}>
        <DateCalendar />
      </Dialog>
    </Popover>
  );
}

/**
 * A day: typed into year, month and day segments, or picked from a month that the button beside
 * them opens (keyboard: Tab to the button, Enter, the arrow keys, Enter). Value 'YYYY-MM-DD' or ''.
 * Validation is the form's, as with TextField; its message shows under the field.
 */
export function DatePickerField({ label, description, error, value, onChange, ...props }: DateFieldProps) {
  const day = useMemo(() => dayValue(value), [value]);
  return (
    <I18nProvider locale={FIELD_LOCALE}>
      <DatePicker<CalendarDate>
        validationBehavior="aria"
        shouldForceLeadingZeros
        {...props}
        value={day}
        onChange={(next) => onChange(dayText(next))}
        isInvalid={Boolean(error)}
        className={c.field}
      >
        <FieldParts label={label} description={description} error={error} trigger />
        <CalendarPopover />
      </DatePicker>
    </I18nProvider>
  );
}

/** A time of day in hours and minutes, 00:00 to 23:59. Value 'HH:mm' or ''. */
export function TimePickerField({ label, description, error, value, onChange, ...props }: DateFieldProps) {
  const time = useMemo(() => clockValue(value), [value]);
  return (
    <I18nProvider locale={FIELD_LOCALE}>
      <AriaTimeField
        validationBehavior="aria"
        shouldForceLeadingZeros
        hourCycle={24}
        {...props}
        value={time}
        onChange={(next) => onChange(clockText(next))}
        isInvalid={Boolean(error)}
        className={c.field}
      >
        <FieldParts label={label} description={description} error={error} trigger={false} />
      </AriaTimeField>
    </I18nProvider>
  );
}

/**
 * A day and a time on this device's clock, as a native datetime-local gave it: 'YYYY-MM-DDTHH:mm'
 * or ''. A day picked from the month before any time is typed starts at 09:00.
 */
export function DateTimePickerField({ label, description, error, value, onChange, ...props }: DateFieldProps) {
  const moment = useMemo(() => localValue(value), [value]);
  const placeholder = useMemo(() => {
    const d = today(getLocalTimeZone());
    return new CalendarDateTime(d.year, d.month, d.day, 9, 0);
  }, []);
  return (
    <I18nProvider locale={FIELD_LOCALE}>
      <DatePicker<CalendarDateTime>
        validationBehavior="aria"
        shouldForceLeadingZeros
        granularity="minute"
        hourCycle={24}
        placeholderValue={placeholder}
        {...props}
        value={moment}
        onChange={(next) => onChange(localText(next))}
        isInvalid={Boolean(error)}
        className={c.field}
      >
        <FieldParts label={label} description={description} error={error} trigger />
        <CalendarPopover />
      </DatePicker>
    </I18nProvider>
  );
}
