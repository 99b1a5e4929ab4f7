import { describe, expect, it } from 'vitest';
import {
  classifiedCreate,
  classifiedMessages,
  firstName,
  hasContactDetails,
  inquiryCreate,
  MAX_OFFER_CENTS,
  nextStatuses,
} from './classifieds.js';

describe('contact details in a first message', () => {
  it('finds phone numbers written the ways people write them', () => {
    for (const m of ['082 555 1234', 'call 0825551234', '+27 82 555 1234', 'WhatsApp (082) 555-1234', '27.82.555.1234'])
      expect(hasContactDetails(m), m).toBe(true);
  });
  it('finds links, with or without the scheme', () => {
    for (const m of ['https://pay.example.com/x', 'see www.deals.co.za', 'go to cheap-tvs.co.za now', 'http://bit.ly/abc'])
      expect(hasContactDetails(m), m).toBe(true);
  });
  it('leaves prices, dates, sizes and plain questions alone', () => {
    for (const m of [
      'Would you take R2000?',
      'Is it still available on 12 March 2026?',
      'Is the 43" model 1080p?',
      'I can pay R 1 500.00 cash',
      'Collect at 14:30.',
    ])
      expect(hasContactDetails(m), m).toBe(false);
  });
});

describe('what a buyer sees of the seller', () => {
  it('the first name only', () => {
    expect(firstName('Naledi Khumalo')).toBe('Naledi');
    expect(firstName('  Sipho  ')).toBe('Sipho');
    expect(firstName('')).toBe('Seller');
    expect(firstName(null)).toBe('Seller');
  });
});

describe('the listing and offer rules', () => {
  it('a listing needs a title and a category, with the spec’s words', () => {
    const r = classifiedCreate.safeParse({ title: ' ' });
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining([classifiedMessages.title, classifiedMessages.category]));
    expect(classifiedCreate.parse({ title: 'Couch', category: 'home_garden' })).toMatchObject({
      status: 'draft',
      run_days: 30,
      price_cents: null,
      images: [],
    });
  });
  it('an offer is more than 0 and at most the limit; an offer needs an amount', () => {
    const offer = (cents?: number) => inquiryCreate.safeParse({ request_type: 'offer', message: 'Deal?', offer_amount_cents: cents });
    expect(offer(0).error?.issues[0].message).toBe(classifiedMessages.offerZero);
    expect(offer(MAX_OFFER_CENTS + 1).error?.issues[0].message).toBe(classifiedMessages.offerTooHigh);
    expect(offer(undefined).error?.issues[0].message).toBe(classifiedMessages.offerZero);
    expect(offer(MAX_OFFER_CENTS).success).toBe(true);
  });
  it('sold and expired listings go nowhere by hand; reserved goes back on sale or is sold', () => {
    expect(nextStatuses.sold).toEqual([]);
    expect(nextStatuses.expired).toEqual([]);
    expect(nextStatuses.reserved).toEqual(['published', 'sold']);
  });
});
