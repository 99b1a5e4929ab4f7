import { z } from 'zod';
import { endpoint } from '../kit/http.js';
import { text } from '../kit/input.js';
import { posOrders } from './pos.js';

/** A receipt as its public page shows it: the sale's lines and payments, and who sold it. */
export const publicReceiptDto = z.object({
  business: z.string(),
  vat_number: z.string().nullable(),
  currency: z.string(),
  timezone: z.string(),
  order: posOrders.doc.pick({
    kind: true,
    order_number: true,
    receipt_number: true,
    status: true,
    items: true,
    order_discount_cents: true,
    prices_include_vat: true,
    payments: true,
    reason: true,
    completed_at: true,
    total_cents: true,
    tax_cents: true,
  }),
});
export type PublicReceiptDto = z.infer<typeof publicReceiptDto>;

export const posContract = {
  /** A receipt by its link's token, for anyone holding the link; any other token is a plain 404. */
  receipt: endpoint({ method: 'GET', path: '/api/receipts/:token', params: z.object({ token: text(200) }), response: publicReceiptDto }),
} as const;
