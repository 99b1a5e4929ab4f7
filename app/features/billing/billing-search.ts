import { z } from 'zod';

/** The card provider's return adds `?reference=` (and `trxref`) to the page checkout started from. */
export const billingReturnSearch = z.object({ reference: z.string().max(100).optional().catch(undefined) });
