import Papa from 'papaparse';
import type { AttendeeDto } from '../../../schema/events/events';

const HEAD = ['Ticket', 'Name', 'Email', 'Ticket type', 'Status', 'Payment', 'Registration', 'Amount paid (cents)', 'Registered at'];

/**
 * A cell a spreadsheet would run as a formula starts with one of these. papaparse's own pattern
 * (`escapeFormulae: true`) misses a value that also holds a line break, so the test is the first
 * character alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The attendees list as CSV (RFC 4180), one ticket a row, formulas defused for spreadsheets. */
export function attendeesCsv(rows: readonly AttendeeDto[]): string {
  const data = rows.map((a) => [
    a.id,
    a.name,
    a.email,
    a.ticket_type,
    a.status,
    a.payment_status,
    a.registration_status,
    a.amount_paid_cents,
    a.created_at,
  ]);
  const csv = Papa.unparse({ fields: HEAD, data }, { newline: '\r\n', escapeFormulae: FORMULA_START });
  // Every row ends with a line break, the last one too (papaparse leaves it off unless there is no data row).
  return csv.endsWith('\r\n') ? csv : `${csv}\r\n`;
}
