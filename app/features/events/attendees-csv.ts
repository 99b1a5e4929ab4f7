import type { AttendeeDto } from '../../../schema/events';

/** One CSV cell: quoted when it holds a comma, quote or line break; a leading =,+,-,@ is defused for spreadsheets. */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The attendees list as CSV (RFC 4180), one ticket a row. */
export function attendeesCsv(rows: readonly AttendeeDto[]): string {
  const head = ['Ticket', 'Name', 'Email', 'Ticket type', 'Status', 'Payment', 'Registration', 'Amount paid (cents)', 'Registered at'];
  const lines = rows.map((a) =>
    [a.id, a.name, a.email, a.ticket_type, a.status, a.payment_status, a.registration_status, a.amount_paid_cents, a.created_at]
      .map(cell)
      .join(','),
  );
  return [head.join(','), ...lines].join('\r\n') + '\r\n';
}
