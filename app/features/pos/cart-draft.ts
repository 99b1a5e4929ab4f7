import { z } from 'zod';
import { posItem, type PosItem } from '../../../schema/pos/pos';
import type { UserData } from '../../data/db';

/**
 * The sale being rung up, kept in the user's database on this device (a local document, never
 * replicated, gone with the rest at sign-out): a reload or a closed tab does not lose it. It carries
 * the id the sale will be recorded under, so a reload after payment finds that sale and never offers
 * the same cart again, without a write between "Complete sale" and the receipt.
 */
export interface CartDraft {
  items: PosItem[];
  discount: string;
  customerId: string | null;
  saleId?: string;
}

const stored = z.object({
  items: z.array(posItem).max(500),
  discount: z.string().max(32),
  customerId: z.string().max(64).nullable(),
  saleId: z.string().max(64).optional(),
});

const draftId = (workspaceId: number) => `till-cart-${workspaceId}`;

/**
 * The workspace's sale in progress on this device, or none: also when what is stored no longer
 * reads, and when the sale it was to become is already recorded (the page closed after payment).
 */
export async function loadCartDraft(data: UserData, workspaceId: number): Promise<CartDraft | null> {
  const found = await data.db.getLocal<CartDraft>(draftId(workspaceId));
  if (!found) return null;
  const parsed = stored.safeParse(found.toJSON().data);
  if (!parsed.success || parsed.data.items.length === 0) return null;
  const { saleId } = parsed.data;
  if (saleId && (await data.db.pos_orders.findOne(saleId).exec())) {
    await found.remove();
    return null;
  }
  return parsed.data;
}

/** Keeps the sale in progress; an empty one is removed. */
export async function saveCartDraft(data: UserData, workspaceId: number, draft: CartDraft): Promise<void> {
  if (draft.items.length === 0) {
    const found = await data.db.getLocal<CartDraft>(draftId(workspaceId));
    await found?.remove();
    return;
  }
  await data.db.upsertLocal<CartDraft>(draftId(workspaceId), draft);
}
