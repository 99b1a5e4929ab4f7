import { describe, expect, it } from 'vitest';
import { bookingMail } from './booking-mail.jobs.js';
import type { MailedAppointment } from './booking-mail.repo.js';

const booking: MailedAppointment = {
  id: '5c7e9a1b-3d5f-4c7e-a9b1-0d2f4a6c8e0b',
  customer_name: 'Naledi',
  customer_email: 'naledi@example.test',
  start_at: new Date('2030-03-04T08:00:00Z'),
  end_at: new Date('2030-03-04T09:00:00Z'),
  sequence: 0,
  status: 'confirmed',
  price_cents: 13000,
  currency: 'ZAR',
  paid_cents: 0,
  payment_status: 'unpaid',
  service_title: 'Fade cut',
  staff_name: 'Sipho',
  business: 'Fade Masters',
  timezone: 'Africa/Johannesburg',
  cancel_cutoff_hours: 24,
  source: 'online',
  owner_verified: true,
  vat: null,
};
const link = 'https://vuka.test/marketplace/services/bookings/abc';

describe('booking mails', () => {
  it('a confirmation says what the deposit paid and what is left to pay; without a deposit, only the price', () => {
    const paid = bookingMail('confirmation', { ...booking, paid_cents: 3000, payment_status: 'paid' }, link);
    expect(paid.text).toMatch(/Price: R\s?130\.00\./);
    expect(paid.text).toMatch(/Deposit paid: R\s?30\.00\. Still to pay at your appointment: R\s?100\.00\./);
    expect(paid.html).toContain('Still to pay at your appointment');
    expect(bookingMail('confirmation', booking, link).text).not.toContain('Deposit');
  });

  it('a registered business’s booking shows the VAT fixed on it; VAT on top counts in what is left to pay; unregistered, none', () => {
    const included = bookingMail('confirmation', { ...booking, vat: { tax_rate_bp: 1500, tax_cents: 1696, tax_included: true } }, link);
    expect(included.text).toMatch(/Price: R\s?130\.00 · VAT included R\s?16\.96\./);
    expect(included.html).toMatch(/VAT included R\s?16\.96/);
    const onTop = bookingMail(
      'confirmation',
      { ...booking, paid_cents: 3000, payment_status: 'paid', vat: { tax_rate_bp: 1500, tax_cents: 1950, tax_included: false } },
      link,
    );
    expect(onTop.text).toMatch(/Price: R\s?130\.00 · VAT added R\s?19\.50 · Total R\s?149\.50\./);
    expect(onTop.text).toMatch(/Still to pay at your appointment: R\s?119\.50\./);
    const unregistered = bookingMail('confirmation', { ...booking, vat: { tax_rate_bp: 0, tax_cents: 0, tax_included: true } }, link);
    expect(unregistered.text).not.toContain('VAT');
    expect(unregistered.text).toMatch(/Price: R\s?130\.00\./);
  });

  it('a cancellation of a booking whose deposit was given back says so', () => {
    const refunded = bookingMail('cancelled', { ...booking, status: 'cancelled', paid_cents: 3000, payment_status: 'refunded' }, link);
    expect(refunded.text).toMatch(/Your deposit of R\s?30\.00 goes back to your card\./);
    expect(refunded.text).not.toContain(link);
    expect(bookingMail('cancelled', { ...booking, status: 'cancelled' }, link).text).not.toContain('deposit');
  });
});
