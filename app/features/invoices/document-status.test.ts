import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../schema/invoices/invoices';
import { bpToPercent } from '../../kit/format';
import { checkDraft, liveTotals, parsePercent, parseQuantity, type DocumentDraft } from './document-draft';
import { addDays } from '../../kit/date-format';
import { invoiceFromQuote, invoiceShownStatus, isEditable, quoteShownStatus } from './document-status';

describe('invoice and quote status', () => {
  it('a sent invoice past its due date shows overdue; paid, cancelled, draft or not yet due do not', () => {
    expect(invoiceShownStatus({ status: 'sent', due_date: '2026-03-01' }, '2026-03-02')).toBe('overdue');
    expect(invoiceShownStatus({ status: 'sent', due_date: '2026-03-02' }, '2026-03-02')).toBe('sent');
    expect(invoiceShownStatus({ status: 'paid', due_date: '2026-01-01' }, '2026-03-02')).toBe('paid');
    expect(invoiceShownStatus({ status: 'cancelled', due_date: '2026-01-01' }, '2026-03-02')).toBe('cancelled');
    expect(invoiceShownStatus({ status: 'draft', due_date: '2026-01-01' }, '2026-03-02')).toBe('draft');
    expect(invoiceShownStatus({ status: 'sent', due_date: undefined }, '2026-03-02')).toBe('sent');
  });

  it('an unanswered quote past its expiry date shows expired; answered or converted ones do not', () => {
    expect(quoteShownStatus({ status: 'sent', expiry_date: '2026-03-01' }, '2026-03-02')).toBe('expired');
    expect(quoteShownStatus({ status: 'draft', expiry_date: '2026-03-01' }, '2026-03-02')).toBe('expired');
    expect(quoteShownStatus({ status: 'accepted', expiry_date: '2026-03-01' }, '2026-03-02')).toBe('accepted');
    expect(quoteShownStatus({ status: 'declined', expiry_date: '2026-03-01' }, '2026-03-02')).toBe('declined');
    expect(quoteShownStatus({ status: 'accepted', converted_to_invoice_id: 'i1' }, '2026-03-02')).toBe('converted');
    expect(quoteShownStatus({ status: 'sent', expiry_date: '2026-03-05' }, '2026-03-02')).toBe('sent');
  });

  it('only drafts that were not converted can be edited', () => {
    expect(isEditable({ status: 'draft' })).toBe(true);
    expect(isEditable({ status: 'sent' })).toBe(false);
    expect(isEditable({ status: 'draft', converted_to_invoice_id: 'x' })).toBe(false);
  });

  it('moves dates by calendar days across month and year ends', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
  });
});

describe('quote to invoice conversion', () => {
  const quote: Quote = {
    id: 'q1',
    workspace_id: 7,
    updated_at: '2026-03-01T10:00:00.000Z',
    quote_number: 'QUO-000045',
    status: 'accepted',
    customer_name: 'Sipho Nkosi',
    customer_email: 'sipho@example.test',
    contact_id: 'c1',
    issue_date: '2026-02-01',
    expiry_date: '2026-03-03',
    currency: 'ZAR',
    prices_include_vat: true,
    notes: 'Thank you',
    items: [{ id: 'l1', description: 'Catering for 40', quantity: 40, unit_price_cents: 25_000, tax_rate_bp: 1500, discount_bp: 500 }],
    subtotal_cents: 1_000_000,
    total_cents: 1,
  };

  it('copies customer, lines, currency, VAT choice and notes into a new draft invoice that points back at the quote', () => {
    const inv = invoiceFromQuote(quote, {
      id: 'i9',
      today: '2026-03-02',
      updatedAt: '2026-03-02T09:00:00.000Z',
      invoiceNumber: 'INV-000123',
    });
    expect(inv).toEqual({
      id: 'i9',
      workspace_id: 7,
      updated_at: '2026-03-02T09:00:00.000Z',
      invoice_number: 'INV-000123',
      status: 'draft',
      customer_name: 'Sipho Nkosi',
      customer_email: 'sipho@example.test',
      contact_id: 'c1',
      issue_date: '2026-03-02',
      due_date: '2026-04-01',
      currency: 'ZAR',
      prices_include_vat: true,
      notes: 'Thank you',
      items: quote.items,
      converted_from_quote_id: 'q1',
    });
    // The lines are copies: editing the invoice never changes the quote.
    expect(inv.items[0]).not.toBe(quote.items[0]);
  });

  it('leaves the number out when none could be drawn', () => {
    const inv = invoiceFromQuote(quote, { id: 'i9', today: '2026-03-02', updatedAt: 'x' });
    expect('invoice_number' in inv).toBe(false);
  });
});

describe('invoice form', () => {
  const draft = (lines: DocumentDraft['lines'], extra: Partial<DocumentDraft> = {}): DocumentDraft => ({
    contactId: 'new',
    customerName: 'Lindiwe',
    customerEmail: '',
    customerAddress: '',
    issueDate: '2026-03-02',
    endDate: '2026-04-01',
    notes: '',
    lines,
    ...extra,
  });
  const line = (extra: Partial<DocumentDraft['lines'][number]> = {}) => ({
    id: 'l1',
    description: 'Design',
    quantity: '2',
    price: '1500',
    tax: '15',
    discount: '',
    ...extra,
  });

  it('reads quantities with up to 3 decimals and percentages with up to 2', () => {
    expect(parseQuantity('1,5')).toEqual({ ok: true, value: 1.5 });
    expect(parseQuantity('0')).toEqual({ ok: false, message: 'Quantity must be more than 0' });
    expect(parseQuantity('1.2345')).toMatchObject({ ok: false });
    expect(parsePercent('15', 'VAT', 0)).toEqual({ ok: true, value: 1500 });
    expect(parsePercent('7.5 %', 'VAT', 0)).toEqual({ ok: true, value: 750 });
    expect(parsePercent('101', 'VAT', 0)).toMatchObject({ ok: false });
    expect(bpToPercent(750)).toBe('7.5');
    expect(bpToPercent(1500)).toBe('15');
  });

  it('live totals follow what is typed and skip lines that do not parse yet', () => {
    expect(liveTotals([line(), line({ id: 'l2', price: 'abc' })])).toEqual({
      subtotal_cents: 300_000,
      discount_cents: 0,
      tax_cents: 45_000,
      total_cents: 345_000,
    });
  });

  it('refuses no customer, no lines or a zero quantity, with a message for each', () => {
    const result = checkDraft(draft([line({ quantity: '0', description: '' })], { customerName: ' ' }), 'Due date');
    expect(result).toEqual({
      ok: false,
      errors: {
        customerName: 'Customer name is required',
        line: { l1: { quantity: 'Quantity must be more than 0', description: 'Each line needs a description' } },
      },
    });
    expect(checkDraft(draft([line({ description: '', price: '' })]), 'Due date')).toMatchObject({ ok: false });
    expect(checkDraft(draft([line()], { endDate: '2026-01-01' }), 'Due date')).toMatchObject({
      ok: false,
      errors: { endDate: 'Due date cannot be before the issue date' },
    });
  });

  it('turns a valid form into items, ignoring blank extra lines', () => {
    const result = checkDraft(draft([line({ discount: '10' }), line({ id: 'l2', description: '', price: '', quantity: '1' })]), 'Due date');
    expect(result).toEqual({
      ok: true,
      value: {
        customerName: 'Lindiwe',
        issueDate: '2026-03-02',
        endDate: '2026-04-01',
        items: [{ id: 'l1', description: 'Design', quantity: 2, unit_price_cents: 150_000, tax_rate_bp: 1500, discount_bp: 1000 }],
        pricesIncludeVat: false,
      },
    });
    const inclusive = checkDraft(draft([line()], { pricesIncludeVat: true }), 'Due date');
    expect(inclusive).toMatchObject({ ok: true, value: { pricesIncludeVat: true } });
  });

  it('live totals take VAT from inside the prices when the form says they include it', () => {
    const lines = [line({ quantity: '1', price: '115' })];
    expect(liveTotals(lines, true)).toEqual({ subtotal_cents: 11_500, discount_cents: 0, tax_cents: 1_500, total_cents: 11_500 });
    expect(liveTotals(lines, false)).toEqual({ subtotal_cents: 11_500, discount_cents: 0, tax_cents: 1_725, total_cents: 13_225 });
  });
});
