import { randomUUID } from 'node:crypto';
import type { ShippingAddress } from '../../schema/marketplace/marketplace-orders.js';
import type { Db } from '../../sync-server/db/db.js';
import * as checkoutsRepo from '../../sync-server/api/marketplace/checkouts.repo.js';
import * as orders from '../../sync-server/api/marketplace/orders.repo.js';
import { seedUser } from './sync-server.js';

/**
 * A paid (confirmed) marketplace order of two items placed with workspace `ws`, as a settled
 * checkout leaves it, written straight to the database (the card checkout is tested elsewhere).
 * `refunded` makes it wholly refunded, as a refund leaves it. Returns the order's id.
 */
export async function seedPaidOrder(db: Db, ws: number, opts: { buyer?: number; refunded?: boolean } = {}): Promise<string> {
  const buyer = opts.buyer ?? (await seedUser(db));
  const id = randomUUID();
  const checkoutId = randomUUID();
  const at = new Date();
  const address: ShippingAddress = {
    name: 'Thandi Mokoena',
    line1: '12 Vilakazi St',
    city: 'Soweto',
    province: 'Gauteng',
    postal_code: '1804',
    country: 'ZA',
  };
  const reference = `vkord_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  await checkoutsRepo.insertCheckout(db, {
    id: checkoutId,
    userId: buyer,
    reference,
    email: 'thandi@example.test',
    amount: 5000,
    currency: 'ZAR',
    address,
    at,
  });
  await checkoutsRepo.insertOrder(db, {
    workspaceId: ws,
    id,
    checkoutId,
    buyerId: buyer,
    buyerName: 'Thandi Mokoena',
    buyerEmail: 'thandi@example.test',
    sellerVatNumber: null,
    number: `ORD-${randomUUID().slice(0, 8)}`,
    currency: 'ZAR',
    subtotal: 5000,
    shipping: 0,
    tax: 0,
    total: 5000,
    shippingMethod: null,
    address,
    reference,
    at,
    items: [
      { productId: randomUUID(), name: 'Fudge', quantity: 2, unitPrice: 1500, snapshot: {} },
      { productId: randomUUID(), name: 'Toffee', quantity: 1, unitPrice: 2000, snapshot: {} },
    ],
  });
  await orders.setOrderPaid(db, { workspace_id: ws, id, shipping_address: address }, at);
  if (opts.refunded)
    await orders.updateOrder(db, { workspace_id: ws, id }, { status: 'refunded', paymentStatus: 'refunded', refunded: 5000 }, at);
  return id;
}
