/** What other modules may use of the till (DESIGN.md §12): a stored receipt and its e-mail, for invoice delivery. */
export { receiptById } from './pos.repo.js';
export { receiptMail } from './receipt-mail.js';
