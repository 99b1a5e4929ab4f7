import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AttendeeDto } from '../../../schema/events/events';
import { attendeesCsv } from './attendees-csv';

const row: AttendeeDto = {
  id: 't1',
  registration_id: 'r1',
  name: 'Naledi, "Nal" Dube',
  email: 'naledi@example.test',
  ticket_type: '=HYPERLINK("x")',
  status: 'registered',
  payment_status: 'paid',
  registration_status: 'confirmed',
  amount_paid_cents: 25000,
  created_at: '2030-01-01T10:00:00.000Z',
};

describe('attendees CSV export', () => {
  it('has one header row and one row a ticket, with commas and quotes kept inside their cells', () => {
    const csv = attendeesCsv([row, { ...row, id: 't2', name: 'Sipho\r\nNdlovu' }]);
    expect(csv.split('\r\n')[0]).toBe('Ticket,Name,Email,Ticket type,Status,Payment,Registration,Amount paid (cents),Registered at');
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(3);
    expect(parsed.data[1]).toEqual([
      't1',
      'Naledi, "Nal" Dube',
      'naledi@example.test',
      `'=HYPERLINK("x")`,
      'registered',
      'paid',
      'confirmed',
      '25000',
      '2030-01-01T10:00:00.000Z',
    ]);
    expect(parsed.data[2][1]).toBe('Sipho\r\nNdlovu');
  });

  it('defuses every cell a spreadsheet would run as a formula, a multi-line one too, and leaves numbers alone', () => {
    const risky = ['=1+1', '+27 82 555 0101', '-2', '@SUM(A1)', '\tx', '=A1\n=B2'];
    const csv = attendeesCsv(risky.map((name, i) => ({ ...row, id: `t${i}`, name, ticket_type: 'General' })));
    const names = Papa.parse<string[]>(csv, { skipEmptyLines: true })
      .data.slice(1)
      .map((r) => r[1]);
    expect(names).toEqual(risky.map((n) => `'${n}`));
    expect(attendeesCsv([{ ...row, amount_paid_cents: -500 }])).toContain(',-500,');
  });

  it('an empty list is the header alone', () => {
    expect(attendeesCsv([])).toBe('Ticket,Name,Email,Ticket type,Status,Payment,Registration,Amount paid (cents),Registered at\r\n');
  });
});
