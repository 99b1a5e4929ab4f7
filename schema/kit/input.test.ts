import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contacts } from '../crm/crm.js';
import { calendarDate, id, idParam, inputMessages, instant, intColumn, MAX_DOCUMENT_CENTS, MAX_INT, text } from './input.js';
import { documentTotals, documentTotalsFit, invoices } from '../invoices/invoices.js';

const messagesOf = (result: { error?: z.ZodError }) => result.error?.issues.map((i) => i.message) ?? [];

describe('the input policy', () => {
  it('text refuses NUL and unpaired surrogates with one message, and takes any other text', () => {
    for (const bad of ['a\u0000b', '\u0000', 'half \uD800', 'half \uDC00 low', '\uDC00\uD800']) {
      expect(messagesOf(text(50).safeParse(bad)), JSON.stringify(bad)).toEqual([inputMessages.character]);
    }
    for (const good of ['', 'Mama Ngozi’s Café', 'Emoji 🍞 pair', 'tab\tand\nnewline', 'ẓ̌ combining']) {
      expect(text(50).safeParse(good).success, good).toBe(true);
    }
  });

  it('ids are whole numbers from 1 to 2147483647, in bodies and in paths or query strings', () => {
    for (const good of [1, MAX_INT]) expect(id.safeParse(good).success).toBe(true);
    for (const bad of [0, -1, MAX_INT + 1, 1.5, 99_999_999_999, Number.NaN]) {
      expect(messagesOf(id.safeParse(bad)), String(bad)).toContain(inputMessages.id);
    }
    expect(idParam.parse('2147483647')).toBe(MAX_INT);
    expect(idParam.parse(42)).toBe(42);
    for (const bad of ['2147483648', '99999999999', '0', '01', '1e3', '0x10', ' 7', '7abc', '', '1\u0000', ['1', '2']]) {
      expect(messagesOf(idParam.safeParse(bad)), JSON.stringify(bad)).toEqual([inputMessages.id]);
    }
  });

  it('integer columns take 0 to 2147483647', () => {
    expect(intColumn.safeParse(MAX_INT).success).toBe(true);
    expect(messagesOf(intColumn.safeParse(MAX_INT + 1))).toEqual([inputMessages.int]);
  });

  it('instants are real ISO dates and times that timestamptz and JavaScript read alike', () => {
    for (const good of ['2026-03-02T10:00:00Z', '2024-02-29T23:59:59.999+02:00', '1900-01-01T00:00:00Z', '9999-12-31T12:00:00+15:59']) {
      expect(instant.safeParse(good).success, good).toBe(true);
    }
    for (const bad of [
      '2023-02-29T00:00:00Z',
      '2026-13-01T00:00:00Z',
      'not a date',
      '0000-01-01T00:00:00Z',
      '1850-06-01T00:00:00Z',
      '2026-01-01T00:00:00+16:00',
      '9999-12-31T23:59:59-15:00',
      '2026-01-01',
    ]) {
      expect(messagesOf(instant.safeParse(bad)), bad).toEqual([inputMessages.instant]);
    }
    expect(calendarDate.safeParse('2026-02-30').success).toBe(false);
  });

  it('the policy adds no keyword to a field’s JSON schema, so no device’s RxDB schema changes', () => {
    const schemaOf = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
    expect(schemaOf(text(100))).toEqual(schemaOf(z.string().max(100)));
    expect(schemaOf(id)).toEqual(schemaOf(z.number().int().positive()));
    expect(schemaOf(intColumn)).toEqual(schemaOf(z.number().int().min(0)));
    expect(schemaOf(instant)).toEqual(schemaOf(z.iso.datetime({ offset: true })));
  });

  it('the device refuses NUL in a replicated document with the message the server sends', () => {
    const doc = { id: 'c1', workspace_id: 1, updated_at: '2026-03-02T10:00:00Z', name: 'Sipho\u0000' };
    expect(messagesOf(contacts.fields.safeParse(doc))).toEqual([inputMessages.character]);
  });
});

describe('invoice totals stay exact', () => {
  const invoice = (quantity: number, unit_price_cents: number, lines = 1) => ({
    id: 'i1',
    workspace_id: 1,
    updated_at: '2026-03-02T10:00:00Z',
    customer_name: 'Lindiwe Dube',
    issue_date: '2026-03-02',
    items: Array.from({ length: lines }, (_, i) => ({ id: `l${i}`, description: 'Cement', quantity, unit_price_cents, tax_rate_bp: 1500 })),
  });

  it('an invoice whose totals would pass 2^53 cents is refused with a clear message', () => {
    const result = invoices.fields.safeParse(invoice(1_000_000, 9_999_999_999, 200));
    expect(result.error?.issues).toMatchObject([{ path: ['items'], message: inputMessages.documentTotal }]);
    // Just over the cap, with every line valid on its own.
    expect(messagesOf(invoices.fields.safeParse(invoice(100_000, 8_695_652_174)))).toEqual([inputMessages.documentTotal]);
  });

  it('a document at the cap is accepted and its totals are exact', () => {
    const doc = invoices.fields.parse(invoice(100_000, 8_695_652_173));
    const totals = documentTotals(doc.items);
    expect(totals).toEqual({
      subtotal_cents: 869_565_217_300_000,
      discount_cents: 0,
      tax_cents: 130_434_782_595_000,
      total_cents: 999_999_999_895_000,
    });
    expect(totals.total_cents).toBeLessThanOrEqual(MAX_DOCUMENT_CENTS);
    expect(MAX_DOCUMENT_CENTS * 2).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('lines that are not numbers yet are left to their own messages', () => {
    expect(documentTotalsFit([{ quantity: Number.NaN, unit_price_cents: 1, tax_rate_bp: 0 }])).toBe(true);
  });
});
