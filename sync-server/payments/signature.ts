import { createHmac, timingSafeEqual } from 'node:crypto';

/** Paystack's webhook signature: hex HMAC-SHA512 of the raw request body, keyed with the secret key. */
export function signWebhook(rawBody: Buffer | string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Constant-time check of `x-paystack-signature` against the raw body the request carried. */
export function webhookSignatureValid(rawBody: Buffer, header: string | undefined, secretKey: string): boolean {
  if (!header || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(signWebhook(rawBody, secretKey), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
