import type { PublicReceiptDto } from '../../../schema/pos/contract.js';
import { posOrders, shareToken } from '../../../schema/pos/pos.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { receiptByToken } from './pos.repo.js';

export const receiptMessages = { notFound: 'Receipt not found' } as const;

/** The receipt a link opens. A malformed, unknown or withdrawn token is the same plain not-found. */
export async function publicReceipt(deps: AppDeps, token: string): Promise<PublicReceiptDto> {
  if (!shareToken.safeParse(token).success) throw notFound(receiptMessages.notFound);
  const found = await receiptByToken(deps.db, token);
  const order = found ? posOrders.doc.safeParse(found.order) : null;
  if (!found || !order?.success) throw notFound(receiptMessages.notFound);
  return {
    business: found.business,
    vat_number: found.vat_number,
    currency: found.currency ?? 'ZAR',
    timezone: found.timezone ?? 'UTC',
    order: order.data,
  };
}
