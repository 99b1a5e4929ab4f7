import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
} from 'react-aria-components';
import * as s from './date-calendar.css';

function Chevron({ to }: { to: 'left' | 'right' }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={to === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The month a date picker opens (app/ui/date-fields.tsx). It takes its value, its limits and its
 * labels from the picker around it, and stays out of the install: loaded when first opened.
 */
export function DateCalendar() {
  return (
    <Calendar className={s.calendar}>
      <header className={s.header}>
        <Button slot="previous" className={s.nav}>
          <Chevron to="left" />
        </Button>
        <Heading className={s.heading} />
        <Button slot="next" className={s.nav}>
          <Chevron to="right" />
        </Button>
      </header>
      <CalendarGrid className={s.grid}>
        <CalendarGridHeader>{(day) => <CalendarHeaderCell className={s.weekday}>{day}</CalendarHeaderCell>}</CalendarGridHeader>
        <CalendarGridBody>{(date) => <CalendarCell date={date} className={s.cell} />}</CalendarGridBody>
      </CalendarGrid>
    </Calendar>
  );
}
