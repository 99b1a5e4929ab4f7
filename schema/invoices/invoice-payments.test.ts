import { describe, expect, it } from 'vitest';
import { balanceDueCents, invoicePaymentProblem, paymentsChangeRefused, withPayment, type Payable } from './invoice-payments.js';
import { paymentMessages, type InvoicePayment } from './invoices.js';

const items = [{ id: 'l', description: 'Design', quantity: 1, unit_price_cents: 100_000, tax_rate_bp: 1500 }];
const sent: Payable & { paid_date?: string } = { status: 'sent', items };
const pay = (amount_cents: number, id = String(amount_cents)): InvoicePayment => ({ id, amount_cents, date: '2026-03-05', method: 'eft' });

describe('invoice payments', () => {
  it('a part payment leaves a balance and makes the invoice partially paid; the rest makes it paid', () => {
    const partly = withPayment(sent, pay(40_000));
    expect(partly.status).toBe('partially_paid');
    expect(balanceDueCents(partly)).toBe(75_000);
    expect(partly.paid_date).toBeUndefined();
    const paid = withPayment(partly, { ...pay(75_000), date: '2026-03-09' });
    expect(paid.status).toBe('paid');
    expect(balanceDueCents(paid)).toBe(0);
    expect(paid.paid_date).toBe('2026-03-09');
    expect(invoicePaymentProblem(paid)).toBeNull();
  });

  it('refuses a payment over the balance, and one on a draft', () => {
    expect(() => withPayment(sent, pay(115_001))).toThrow(paymentMessages.overpaid);
    expect(() => withPayment({ ...sent, status: 'draft' }, pay(1))).toThrow(paymentMessages.notPayable);
    expect(invoicePaymentProblem({ ...sent, status: 'paid', payments: [pay(115_001)] })).toBe(paymentMessages.overpaid);
    expect(invoicePaymentProblem({ ...sent, status: 'draft', payments: [pay(1)] })).toBe(paymentMessages.notPayable);
    expect(invoicePaymentProblem({ ...sent, status: 'paid', payments: [pay(1)] })).toBe(paymentMessages.status);
  });

  it('payments are only added, never changed or removed', () => {
    expect(paymentsChangeRefused([pay(1)], [pay(1), pay(2)])).toBeNull();
    expect(paymentsChangeRefused([pay(1)], [])).toBe(paymentMessages.removed);
    expect(paymentsChangeRefused([pay(1)], [pay(5, '1')])).toBe(paymentMessages.removed);
    expect(paymentsChangeRefused(undefined, undefined)).toBeNull();
  });
});
