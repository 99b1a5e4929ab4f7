/** The CRM's public entry (DESIGN.md §12): the contacts, for the till and the invoices. */
export { emptyDraft, matchesSearch, validateDraft } from './contact-model';
export { createContact, useContacts } from './use-contacts';
