/** The whole API contract, one group per area. */
export { authContract } from './contract/auth.js';
export { contactContract } from './contract/contact.js';
export { workspacesContract } from './contract/workspaces.js';
export { publicContract } from './contract/public.js';
export { syncContract } from './contract/sync.js';
export { billingContract } from './contract/billing.js';
export { driveContract } from './contract/drive.js';
export { posContract } from './contract/pos.js';
export { invoicesContract } from './contract/invoices.js';
export { projectsContract } from './contract/projects.js';
export { marketplaceContract } from './contract/marketplace.js';
export { classifiedsContract } from './contract/classifieds.js';
export { eventsContract } from './contract/events.js';
export { contentContract } from './contract/content.js';
export { aiContract } from './contract/ai.js';
export { bookingsContract } from './contract/bookings.js';
export { mailContract } from './contract/mail.js';
