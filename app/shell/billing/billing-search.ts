import { searchOf, text } from '../../routes/search-params';

/** The card provider's return adds `?reference=` (and `trxref`) to the page checkout started from. */
export const billingReturnSearch = searchOf({ reference: text(100) });
