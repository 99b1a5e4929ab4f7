import { describe, expect, it } from 'vitest';
import { creditNoteProblem, creditedQuantities, invoiceMoney, remainingToCreditCents, writeCreditNote } from './credit-notes.js';
import { balanceDueCents, invoicePaymentProblem } from './invoice-payments.js';
import { statusFromPayments } from './invoice-totals.js';
import { creditMessages, type Invoice } from './invoices.js';
import { pdfDocumentOf, pdfHeading } from './document-pdf.js';

/** R 1 000.00 + 15 % VAT on top (2 × R 400.00 and 1 × R 200.00): R 1 150.00. */
const invoice: Invoice = {
  id: 'inv-1',
  workspace_id: 1,
  updated_at: '2026-03-01T10:00:00.000Z',
  kind: 'invoice',
  customer_name: 'Sipho Ndlovu',
  issue_date: '2026-03-01',
  currency: 'ZAR',
  prices_include_vat: false,
  invoice_number: 'INV-000007',
  status: 'sent',
  items: [
    { id: 'a', description: 'Boots', quantity: 2, unit_price_cents: 40_000, tax_rate_bp: 1500 },
    { id: 'b', description: 'Socks', quantity: 1, unit_price_cents: 20_000, tax_rate_bp: 1500 },
  ],
};
const at = { today: '2026-03-04', updatedAt: '2026-03-04T10:00:00.000Z', reason: 'Returned one pair' };

describe('credit notes', () => {
  it('credits chosen lines with the invoice’s VAT arithmetic and names the invoice', () => {
    const { note, invoice: after } = writeCreditNote(invoice, {
      ...at,
      id: 'cn-1',
      number: 'CRN-000001',
      choice: { mode: 'lines', lines: [{ id: 'a', quantity: 1 }] },
    });
    expect(note).toMatchObject({
      kind: 'credit_note',
      status: 'sent',
      credit_note_number: 'CRN-000001',
      credit_for_invoice_id: 'inv-1',
      credit_for_number: 'INV-000007',
      credit_reason: 'Returned one pair',
      subtotal_cents: 40_000,
      tax_cents: 6_000,
      total_cents: 46_000,
    });
    expect(note.invoice_number).toBeUndefined();
    expect(creditNoteProblem(note)).toBeNull();
    expect(after.credits).toEqual([{ id: 'cn-1', number: 'CRN-000001', amount_cents: 46_000, date: '2026-03-04' }]);
    expect(after.status).toBe('sent');
    expect(balanceDueCents(after)).toBe(115_000 - 46_000);
    expect(remainingToCreditCents(after)).toBe(69_000);
    expect(invoicePaymentProblem(after)).toBeNull();
  });

  it('an amount carries its VAT inside it and never passes what is left; quantities never pass what is left per line', () => {
    const first = writeCreditNote(invoice, {
      ...at,
      id: 'cn-1',
      number: 'CRN-1',
      choice: { mode: 'lines', lines: [{ id: 'a', quantity: 2 }] },
    });
    expect(() =>
      writeCreditNote(first.invoice, {
        ...at,
        id: 'cn-2',
        number: 'CRN-2',
        choice: { mode: 'lines', lines: [{ id: 'a', quantity: 1 }] },
        earlier: [first.note],
      }),
    ).toThrow(creditMessages.quantity);
    expect(creditedQuantities([first.note]).get('a')).toBe(2000n);
    // R 1 150.00 − R 920.00 = R 230.00 left: R 230.01 is refused, R 230.00 credits the rest.
    expect(() =>
      writeCreditNote(first.invoice, {
        ...at,
        id: 'cn-2',
        number: 'CRN-2',
        choice: { mode: 'amount', amount_cents: 23_001, tax_rate_bp: 1500 },
      }),
    ).toThrow(creditMessages.overCredit);
    const rest = writeCreditNote(first.invoice, {
      ...at,
      id: 'cn-2',
      number: 'CRN-2',
      choice: { mode: 'amount', amount_cents: 23_000, tax_rate_bp: 1500 },
    });
    expect(rest.note).toMatchObject({ prices_include_vat: true, total_cents: 23_000, tax_cents: 3_000 });
    // Unpaid and credited in full: nothing is owed, the invoice is cancelled.
    expect(rest.invoice.status).toBe('cancelled');
    expect(balanceDueCents(rest.invoice)).toBe(0);
    expect(invoicePaymentProblem(rest.invoice)).toBeNull();
  });

  it('refuses a draft, a cancelled invoice, a missing reason and an empty choice', () => {
    const lines = { mode: 'lines' as const, lines: [{ id: 'a', quantity: 1 }] };
    expect(() => writeCreditNote({ ...invoice, status: 'draft' }, { ...at, id: 'x', number: 'C', choice: lines })).toThrow(
      creditMessages.draft,
    );
    expect(() => writeCreditNote({ ...invoice, status: 'cancelled' }, { ...at, id: 'x', number: 'C', choice: lines })).toThrow(
      creditMessages.cancelled,
    );
    expect(() => writeCreditNote(invoice, { ...at, reason: '  ', id: 'x', number: 'C', choice: lines })).toThrow(creditMessages.reason);
    expect(() =>
      writeCreditNote(invoice, { ...at, id: 'x', number: 'C', choice: { mode: 'lines', lines: [{ id: 'a', quantity: 0 }] } }),
    ).toThrow(creditMessages.nothing);
    expect(() =>
      writeCreditNote(invoice, { ...at, id: 'x', number: 'C', choice: { mode: 'amount', amount_cents: 0, tax_rate_bp: 0 } }),
    ).toThrow(creditMessages.nothing);
  });

  it('a paid invoice credited owes the customer money back and stays paid; the statuses follow payments and credits', () => {
    const paid: Invoice = { ...invoice, status: 'paid', payments: [{ id: 'p', amount_cents: 115_000, date: '2026-03-02', method: 'eft' }] };
    const { invoice: after } = writeCreditNote(paid, {
      ...at,
      id: 'cn',
      number: 'CRN-9',
      choice: { mode: 'lines', lines: [{ id: 'b', quantity: 1 }] },
    });
    expect(after.status).toBe('paid');
    expect(invoiceMoney(after)).toEqual({ total: 115_000, credited: 23_000, paid: 115_000, balance: 0, owedBack: 23_000 });
    expect(statusFromPayments(1000, 0, 0)).toBe('sent');
    expect(statusFromPayments(1000, 0, 1000)).toBe('cancelled');
    expect(statusFromPayments(1000, 600, 400)).toBe('paid');
    expect(statusFromPayments(1000, 500, 400)).toBe('partially_paid');
    expect(invoicePaymentProblem({ ...invoice, credits: [{ id: 'c', number: 'C', amount_cents: 115_001, date: '2026-03-04' }] })).toBe(
      creditMessages.overCredit,
    );
  });

  it('its PDF is a "Tax Credit Note" when the seller is VAT registered, a "Credit Note" otherwise, naming the invoice', () => {
    const { note } = writeCreditNote(invoice, {
      ...at,
      id: 'cn',
      number: 'CRN-000003',
      choice: { mode: 'lines', lines: [{ id: 'b', quantity: 1 }] },
    });
    const pdf = pdfDocumentOf({ kind: 'invoice', invoice: note });
    expect(pdf).toMatchObject({ kind: 'credit_note', number: 'CRN-000003', creditFor: 'INV-000007', notes: 'Reason: Returned one pair' });
    expect(pdf && pdfHeading(pdf, { vatNumber: '4123456789' })).toBe('Tax Credit Note');
    expect(pdf && pdfHeading(pdf, { vatNumber: null })).toBe('Credit Note');
  });
});
