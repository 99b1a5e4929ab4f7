import { z } from 'zod';
import { posItem, type PosItem } from '../../../schema/pos/pos';
import type { UserData } from '../../data/db';

/**
 * The sale being rung up, kept in the user's database on this device (a local document, never
 * replicated, gone with the rest at sign-out): a reload or a closed tab does not lose it. It is
 * emptied the moment the sale completes, so a reload after payment never offers the same sale again.
 */
export interface CartDraft {
  items: PosItem[];
  discount: string;
  customerId: string | null;
}

const stored = z.object({
  items: z.array(posItem).max(500),
  discount: z.string().max(32),
  customerId: z.string().max(64).nullable(),
});

const draftId = (workspaceId: number) => `till-cart-${workspaceId}`;

export const emptyDraft: CartDraft = { items: [], discount: '', customerId: null };

/** The workspace's sale in progress on this device, or none (also when what is stored no longer reads). */
export async function loadCartDraft(data: UserData, workspaceId: number): Promise<CartDraft | null> {
  const found = await data.db.getLocal<CartDraft>(draftId(workspaceId));
  if (!found) return null;
  const parsed = stored.safeParse(found.toJSON().data);
  return parsed.success && parsed.data.items.length > 0 ? parsed.data : null;
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
