import { describe, expect, it } from 'vitest';
import { signWebhook, webhookSignatureValid } from './signature.js';

describe('webhook signatures', () => {
  const body = Buffer.from('{"event":"charge.success","data":{"reference":"r1","amount":4900}}');

  it('accepts the HMAC-SHA512 of the raw body with the secret key', () => {
    expect(webhookSignatureValid(body, signWebhook(body, 'sk_test_a'), 'sk_test_a')).toBe(true);
  });

  it('refuses another key, a changed body, a missing or malformed header', () => {
    expect(webhookSignatureValid(body, signWebhook(body, 'sk_test_b'), 'sk_test_a')).toBe(false);
    const changed = Buffer.from(body.toString().replace('4900', '4901'));
    expect(webhookSignatureValid(changed, signWebhook(body, 'sk_test_a'), 'sk_test_a')).toBe(false);
    expect(webhookSignatureValid(body, undefined, 'sk_test_a')).toBe(false);
    expect(webhookSignatureValid(body, 'abc', 'sk_test_a')).toBe(false);
    expect(webhookSignatureValid(body, signWebhook(body, 'sk_test_a').slice(0, 64), 'sk_test_a')).toBe(false);
  });
});
