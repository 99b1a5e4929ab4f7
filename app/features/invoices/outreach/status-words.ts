import type { DeliveryDto } from '../../../../schema/invoices/contract';

/** A delivery's status in words (a document's e-mail, a till receipt's). */
export const statusWords = {
  queued: 'queued',
  sending: 'being sent',
  sent: 'sent',
  failed: 'failed',
  refused: 'not sent',
} as const satisfies Record<DeliveryDto['status'], string>;
