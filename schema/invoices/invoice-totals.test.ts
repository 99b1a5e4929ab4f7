import { describe, expect, it } from 'vitest';
import { documentTotals, documentTotalsFit, lineTotals } from './invoice-totals.js';
import {
  documentItem,
  formatDocumentNumber,
  invoiceChangeRefused,
  invoiceFrozen,
  invoices,
  itemMessages,
  lockedMessages,
  quoteChangeRefused,
  quoteFrozen,
  quotes,
  totalsOfDocument,
  totalsOfItems,
} from './invoices.js';

describe('invoice totals (tax-exclusive, integer cents)', () => {
  it('adds VAT on top of tax-exclusive line prices', () => {
    expect(lineTotals({ quantity: 2, unit_price_cents: 10_000, tax_rate_bp: 1500 })).toEqual({
      gross_cents: 20_000,
      discount_cents: 0,
      net_cents: 20_000,
      tax_cents: 3_000,
      total_cents: 23_000,
    });
  });

  it('takes a line discount off before tax', () => {
    // 3 × R 99.99 = R 299.97; 10 % off = R 30.00 (29.997 rounded); VAT on R 269.97 = R 40.50 (40.4955).
    expect(lineTotals({ quantity: 3, unit_price_cents: 9_999, tax_rate_bp: 1500, discount_bp: 1000 })).toEqual({
      gross_cents: 29_997,
      discount_cents: 3_000,
      net_cents: 26_997,
      tax_cents: 4_050,
      total_cents: 31_047,
    });
  });

  it('rounds each line to the cent, half away from zero', () => {
    // 1 × 0.05 at 10 %: tax 0.5 cent → 1 cent; 1 × 0.04 at 10 %: 0.4 cent → 0.
    expect(lineTotals({ quantity: 1, unit_price_cents: 5, tax_rate_bp: 1000 }).tax_cents).toBe(1);
    expect(lineTotals({ quantity: 1, unit_price_cents: 4, tax_rate_bp: 1000 }).tax_cents).toBe(0);
    // Decimal quantities are exact thousandths: 1.5 h × R 333.33 = R 499.995 → R 500.00.
    expect(lineTotals({ quantity: 1.5, unit_price_cents: 33_333, tax_rate_bp: 0 }).gross_cents).toBe(50_000);
    // 0.1 + 0.2 style float drift cannot creep in: 0.3 × 10 cents is exactly 3.
    expect(lineTotals({ quantity: 0.3, unit_price_cents: 10, tax_rate_bp: 0 }).gross_cents).toBe(3);
  });

  it('sums lines at several tax rates into the document totals', () => {
    const totals = documentTotals([
      { quantity: 1, unit_price_cents: 100_000, tax_rate_bp: 1500 },
      { quantity: 4, unit_price_cents: 2_550, tax_rate_bp: 0 },
      { quantity: 2.5, unit_price_cents: 1_999, tax_rate_bp: 1400, discount_bp: 500 },
    ]);
    // Line 3: 2.5 × 19.99 = 49.975 → 49.98; 5 % off = 2.499 → 2.50; VAT 14 % of 47.48 = 6.6472 → 6.65.
    expect(totals).toEqual({
      subtotal_cents: 100_000 + 10_200 + 4_998,
      discount_cents: 250,
      tax_cents: 15_000 + 0 + 665,
      total_cents: 100_000 + 10_200 + 4_998 - 250 + 15_665,
    });
  });

  it('stays exact for very large amounts', () => {
    const t = lineTotals({ quantity: 999_999.999, unit_price_cents: 9_999_999, tax_rate_bp: 1500 });
    expect(Number.isSafeInteger(t.total_cents)).toBe(true);
    expect(t.gross_cents).toBe(9_999_998_990_000);
  });

  it('an empty or unreadable list of lines totals zero', () => {
    expect(documentTotals([])).toEqual({ subtotal_cents: 0, discount_cents: 0, tax_cents: 0, total_cents: 0 });
    expect(totalsOfItems('nonsense')).toEqual({ subtotal_cents: 0, discount_cents: 0, tax_cents: 0, total_cents: 0 });
  });
});

describe('invoice totals when the prices include VAT', () => {
  it('takes VAT from inside the line: R 115.00 at 15 % holds R 15.00 and totals R 115.00', () => {
    expect(lineTotals({ quantity: 1, unit_price_cents: 11_500, tax_rate_bp: 1500 }, true)).toEqual({
      gross_cents: 11_500,
      discount_cents: 0,
      net_cents: 11_500,
      tax_cents: 1_500,
      total_cents: 11_500,
    });
    // The same line without VAT in its price: R 17.25 on top.
    expect(lineTotals({ quantity: 1, unit_price_cents: 11_500, tax_rate_bp: 1500 }, false).total_cents).toBe(13_225);
  });

  it('takes a line discount off first, then finds the VAT inside what is left', () => {
    // 3 × R 99.99 = R 299.97; 10 % off = R 30.00; VAT inside R 269.97 = 269.97 × 15 / 115 = 35.2135 → R 35.21.
    expect(lineTotals({ quantity: 3, unit_price_cents: 9_999, tax_rate_bp: 1500, discount_bp: 1000 }, true)).toEqual({
      gross_cents: 29_997,
      discount_cents: 3_000,
      net_cents: 26_997,
      tax_cents: 3_521,
      total_cents: 26_997,
    });
  });

  it('rounds each line half away from zero, and the document VAT is the sum of its lines', () => {
    // 1 cent at 100 %: half a cent inside → 1; 10 cents at 15 %: 1.30 → 1; 0.5 × 23 cents = 11.5 → 12 cents, VAT 1.565 → 2.
    expect(lineTotals({ quantity: 1, unit_price_cents: 1, tax_rate_bp: 10_000 }, true).tax_cents).toBe(1);
    expect(lineTotals({ quantity: 1, unit_price_cents: 10, tax_rate_bp: 1500 }, true).tax_cents).toBe(1);
    expect(lineTotals({ quantity: 0.5, unit_price_cents: 23, tax_rate_bp: 1500 }, true)).toMatchObject({ gross_cents: 12, tax_cents: 2 });
    // Three lines of 10 cents: 1 cent of VAT each, 3 in all (the whole 30 cents would hold 3.91 → 4).
    const lines = [1, 2, 3].map(() => ({ quantity: 1, unit_price_cents: 10, tax_rate_bp: 1500 }));
    expect(documentTotals(lines, true)).toEqual({ subtotal_cents: 30, discount_cents: 0, tax_cents: 3, total_cents: 30 });
  });

  it('sums lines at several rates: the total is the lines, the VAT the part inside them', () => {
    const lines = [
      { quantity: 1, unit_price_cents: 115_000, tax_rate_bp: 1500 },
      { quantity: 4, unit_price_cents: 2_550, tax_rate_bp: 0 },
      { quantity: 2.5, unit_price_cents: 1_999, tax_rate_bp: 1400, discount_bp: 500 },
    ];
    // Line 3: 49.98 − 2.50 = 47.48, of which 14/114 is VAT = 5.8308… → 5.83.
    expect(documentTotals(lines, true)).toEqual({
      subtotal_cents: 115_000 + 10_200 + 4_998,
      discount_cents: 250,
      tax_cents: 15_000 + 0 + 583,
      total_cents: 115_000 + 10_200 + 4_998 - 250,
    });
    expect(documentTotalsFit(lines)).toBe(true);
  });

  it('a document’s totals follow its own flag; one without it adds VAT on top as before', () => {
    const items = [{ id: 'l1', description: 'Cake', quantity: 1, unit_price_cents: 11_500, tax_rate_bp: 1500 }];
    expect(totalsOfDocument({ items, prices_include_vat: true })).toMatchObject({ tax_cents: 1_500, total_cents: 11_500 });
    expect(totalsOfDocument({ items, prices_include_vat: false })).toMatchObject({ tax_cents: 1_725, total_cents: 13_225 });
    expect(totalsOfDocument({ items })).toMatchObject({ total_cents: 13_225 });
  });
});

describe('invoice schema', () => {
  const base = { id: 'i1', workspace_id: 1, updated_at: new Date().toISOString(), customer_name: 'Lindiwe', issue_date: '2026-03-01' };
  const line = { id: 'l1', description: 'Logo design', quantity: 1, unit_price_cents: 150_000, tax_rate_bp: 1500 };

  it('refuses lines with no quantity, too many decimals or no description, and documents with no lines', () => {
    expect(documentItem.safeParse({ ...line, quantity: 0 }).error?.issues[0].message).toBe(itemMessages.quantity);
    expect(documentItem.safeParse({ ...line, quantity: 1.2345 }).error?.issues[0].message).toBe(itemMessages.quantityDecimals);
    expect(documentItem.safeParse({ ...line, description: '  ' }).error?.issues[0].message).toBe(itemMessages.description);
    expect(invoices.fields.safeParse({ ...base, items: [] }).error?.issues[0].message).toBe(itemMessages.oneLine);
    expect(invoices.fields.safeParse({ ...base, items: [{ ...line, unit_price_cents: 1.5 }] }).success).toBe(false);
  });

  it('defaults to a USD draft and checks dates are real', () => {
    const parsed = invoices.fields.parse({ ...base, items: [line] });
    expect(parsed).toMatchObject({ status: 'draft', currency: 'USD' });
    expect(invoices.fields.safeParse({ ...base, items: [line], due_date: '2026-02-30' }).success).toBe(false);
  });

  it('documents written before the VAT choice existed keep VAT on top', () => {
    expect(invoices.version).toBe(4);
    expect(invoices.migrationStrategies[3]?.({ ...base, items: [line] })).toMatchObject({ kind: 'invoice' });
    expect(quotes.version).toBe(3);
    for (const entity of [invoices, quotes]) {
      expect(entity.migrationStrategies[2]?.({ ...base, items: [line] })).toMatchObject({ prices_include_vat: false });
      expect(entity.migrationStrategies[2]?.({ ...base, items: [line], prices_include_vat: true })).toMatchObject({
        prices_include_vat: true,
      });
    }
    expect(invoices.fields.parse({ ...base, items: [line] }).prices_include_vat).toBe(false);
  });

  it('totals and the seller fixed at issue are server-owned; a stored document without a seller is valid as it is', () => {
    expect(invoices.serverOwned).toEqual(
      expect.arrayContaining(['subtotal_cents', 'discount_cents', 'tax_cents', 'total_cents', 'issued_seller']),
    );
    expect(quotes.serverOwned).toContain('issued_seller');
    const stored = { ...base, items: [line], kind: 'invoice' };
    expect(invoices.migrationStrategies[4]?.(stored)).toEqual(stored);
    expect(quotes.migrationStrategies[3]?.(stored)).toEqual(stored);
  });

  it('freezes paid and cancelled invoices and converted or declined quotes', () => {
    expect(invoiceFrozen({ status: 'paid' })).toMatch(/paid and can no longer be changed/);
    expect(invoiceFrozen({ status: 'cancelled' })).toMatch(/cancelled/);
    expect(invoiceFrozen({ status: 'sent' })).toBeNull();
    expect(quoteFrozen({ status: 'accepted', converted_to_invoice_id: 'x' })).toMatch(/converted/);
    expect(quoteFrozen({ status: 'declined' })).toMatch(/declined/);
    expect(quoteFrozen({ status: 'accepted' })).toBeNull();
  });

  it('a sent document keeps what the customer saw, whatever order the stored lines keep their keys in', () => {
    const items = [{ id: 'l1', description: 'Design', quantity: 1, unit_price_cents: 100, tax_rate_bp: 1500 }];
    const reordered = [{ tax_rate_bp: 1500, unit_price_cents: 100, quantity: 1, description: 'Design', id: 'l1' }];
    const sent = { status: 'sent', invoice_number: 'INV-000001', customer_name: 'A', items };
    expect(invoiceChangeRefused(sent, { ...sent, items: reordered, status: 'paid', paid_date: '2026-03-01' })).toBeNull();
    expect(invoiceChangeRefused(sent, { ...sent, items: [{ ...items[0], quantity: 2 }] })).toBe(lockedMessages.invoiceIssued);
    expect(invoiceChangeRefused(sent, { ...sent, status: 'draft' })).toBe(lockedMessages.backToDraft);
    expect(invoiceChangeRefused(sent, { ...sent, prices_include_vat: true })).toBe(lockedMessages.invoiceIssued);
    expect(invoiceChangeRefused({ ...sent, status: 'draft' }, { ...sent, status: 'draft', prices_include_vat: true })).toBeNull();
    expect(invoiceChangeRefused({ ...sent, status: 'draft' }, { ...sent, status: 'draft', items: [] })).toBeNull();
    expect(invoiceChangeRefused({ ...sent, status: 'draft' }, { ...sent, status: 'draft', invoice_number: 'INV-000002' })).toBe(
      lockedMessages.number,
    );
    expect(quoteChangeRefused({ status: 'draft', items }, { status: 'draft', items, quote_number: 'QUO-000001' })).toBeNull();
    expect(quoteChangeRefused({ status: 'sent', items }, { status: 'accepted', items, converted_to_invoice_id: 'i1' })).toBeNull();
  });

  it('formats document numbers with a prefix and six digits', () => {
    expect(formatDocumentNumber('invoice', 123)).toBe('INV-000123');
    expect(formatDocumentNumber('quote', 45)).toBe('QUO-000045');
    expect(formatDocumentNumber('invoice', 1_234_567)).toBe('INV-1234567');
  });
});
