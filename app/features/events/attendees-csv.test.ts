import { describe, expect, it } from 'vitest';
import { attendeesCsv } from './attendees-csv';

const row = {
  id: 't1',
  registration_id: 'r1',
  name: 'Naledi, "Nal" Dube',
  email: 'naledi@example.test',
  ticket_type: '=HYPERLINK("x")',
  status: 'registered' as const,
  payment_status: 'paid' as const,
  registration_status: 'confirmed' as const,
  amount_paid_cents: 25000,
  created_at: '2030-01-01T10:00:00.000Z',
};

describe('attendees CSV export', () => {
  it('quotes commas and quotes, and defuses spreadsheet formulas', () => {
    const [head, line] = attendeesCsv([row]).split('\r\n');
    expect(head).toBe('Ticket,Name,Email,Ticket type,Status,Payment,Registration,Amount paid (cents),Registered at');
    expect(line).toBe(
      `t1,"Naledi, ""Nal"" Dube",naledi@example.test,"'=HYPERLINK(""x"")",registered,paid,confirmed,25000,2030-01-01T10:00:00.000Z`,
    );
  });
});
