import { describe, expect, it } from 'vitest';
import { zodFieldErrors } from '../../kit/forms/use-zod-form';
import { documentDraftSchema, lineErrorsOf, type DocumentDraft } from './document-draft';

const line = { id: 'l1', description: 'Logo design', quantity: '1', price: '1500', tax: '15', discount: '' };
const draft: DocumentDraft = {
  contactId: 'new',
  customerName: 'Thandi Dlamini',
  customerEmail: '',
  customerAddress: '',
  issueDate: '2026-11-23',
  endDate: '2026-12-23',
  notes: '',
  lines: [line],
};

describe('document form schema', () => {
  it('gives the checked document', () => {
    const r = documentDraftSchema('Due date').safeParse(draft);
    expect(r.success).toBe(true);
    expect(r.data?.items).toEqual([{ id: 'l1', description: 'Logo design', quantity: 1, unit_price_cents: 150000, tax_rate_bp: 1500 }]);
  });

  it('puts messages on the customer fields and on each line field', () => {
    const r = documentDraftSchema('Due date').safeParse({
      ...draft,
      customerName: ' ',
      endDate: '2026-11-01',
      lines: [
        { ...line, price: 'abc' },
        { ...line, id: 'l2', description: '', quantity: '0' },
      ],
    });
    expect(r.success).toBe(false);
    const errors = zodFieldErrors(r.error!);
    expect(errors.customerName).toBeTruthy();
    expect(errors.endDate).toBe('Due date cannot be before the issue date');
    const lines = lineErrorsOf(errors);
    expect(Object.keys(lines).sort()).toEqual(['l1', 'l2']);
    expect(lines.l1?.price).toBe('Unit price must be an amount like 12.50');
    expect(lines.l2?.description).toBeTruthy();
    expect(lines.l2?.quantity).toBeTruthy();
  });
});
