import { plans, storageLabel, type Plan } from '../../../schema/billing/plans';

/**
 * The workspace modules of spec §1, as the public pages present them. `route` is the workspace page
 * of a module that is built (a test checks the app has it); a module without one is shown as
 * "Coming soon", never as working.
 */
export interface PublicModule {
  key: string;
  name: string;
  summary: string;
  /** Path under /workspace/{id} of a built module; absent while it is coming. */
  route?: string;
}

export const modules: readonly PublicModule[] = [
  { key: 'pos', name: 'Point of Sale', summary: 'A till on your phone or laptop that keeps selling when the network drops.', route: 'pos' },
  { key: 'inventory', name: 'Inventory & Products', summary: 'Products and stock levels that update with every sale.', route: 'inventory' },
  {
    key: 'invoices',
    name: 'Invoices & Quotes',
    summary: 'Quotes and invoices in Rand, made even when you are offline.',
    route: 'invoices',
  },
  { key: 'crm', name: 'CRM', summary: 'Your customers and contacts in one list, with their details at hand.', route: 'crm' },
  { key: 'planner', name: 'Planner', summary: 'Your diary for deliveries, meetings and deadlines.', route: 'planner' },
  {
    key: 'drive',
    name: 'File Drive',
    summary: 'Documents, images and receipts in one place; uploads carry on after a dropped signal.',
    route: 'drive',
  },
  { key: 'orders', name: 'Orders & Storefront', summary: 'Your own online shop page and one list for every order.', route: 'orders' },
  {
    key: 'events',
    name: 'Events & Ticketing',
    summary: 'Publish events, sell tickets and check guests in at the door, even with no signal.',
    route: 'events',
  },
  {
    key: 'bookings',
    name: 'Services & Bookings',
    summary: 'Let clients book appointments for your services online, with reminders by e-mail.',
    route: 'services',
  },
  { key: 'classifieds', name: 'Classified Ads', summary: 'Post ads on the marketplace and answer enquiries.', route: 'classifieds' },
  { key: 'content', name: 'Content & Magazine', summary: 'Write articles and stories for your audience.', route: 'content' },
  { key: 'social', name: 'Social Media Scheduling', summary: 'Plan posts ahead and keep your pages active.' },
  { key: 'bookkeeper', name: 'Bookkeeper', summary: 'Import bank statements and sort your transactions.' },
  {
    key: 'projects',
    name: 'Project Management',
    summary: 'Boards your team edits together, online or not, with chat and daily standups.',
    route: 'project-manager',
  },
  { key: 'ai', name: 'AI Generation', summary: 'Marketing content, blog posts and captions, paid with credits.', route: 'ai-generator' },
];

export const availableModules = modules.filter((m) => m.route !== undefined);
export const comingModules = modules.filter((m) => m.route === undefined);

/** Spec §1 plans: ZAR base prices, from the one plan definition. */
export const VUKA_PLAN_ZAR = plans.pro.priceZarCents / 100;
export const MAHALA_PLAN_ZAR = plans.free.priceZarCents / 100;
/** Reference price in structured data (spec §1: "structured data uses USD 29"). */
export const VUKA_PLAN_USD_REFERENCE = plans.pro.priceUsd;

const count = (n: number | null) => (n === null ? 'Unlimited' : String(n));

/** One row of the detailed comparison: what each plan holds, read from schema/billing/plans.ts. */
const facts: ReadonlyArray<readonly [string, (p: Plan) => string]> = [
  ['Workspaces', (p) => count(p.limits.workspaces)],
  ['Team members', (p) => count(p.limits.teamMembers)],
  ['Classified listings', (p) => count(p.limits.classifieds)],
  ['Events', (p) => count(p.limits.events)],
  ['Products', (p) => count(p.limits.products)],
  ['Social media', (p) => p.text.socialMedia],
  ['AI credits per month', (p) => String(p.limits.aiCreditsPerMonth)],
  ['Invoices and quotes e-mailed a day', (p) => String(p.limits.documentMailsPerDay)],
  ['API access', (p) => (p.features.apiAccess ? 'Yes' : 'No')],
  ['Storage', (p) => storageLabel(p.limits.storageBytes)],
  ['Support', (p) => p.text.support],
];

/** The detailed comparison of spec §1. */
export const planRows: ReadonlyArray<{ feature: string; mahala: string; vuka: string }> = facts.map(([feature, fact]) => ({
  feature,
  mahala: fact(plans.free),
  vuka: fact(plans.pro),
}));

/** What each kind of business does with the modules that are built today. */
export const hustlerTypes = [
  { name: 'Market trader', text: 'Ring up sales at your stall, even with no signal, and see what sold by day end.' },
  { name: 'Freelancer', text: 'Quote, invoice and keep every client’s details without a pile of spreadsheets.' },
  { name: 'Salon & barber', text: 'Ring up every cut at the till, keep clients’ details and plan the week in the planner.' },
  { name: 'Spaza shop', text: 'Know your stock on the shelf and what to reorder before it runs out.' },
  { name: 'Caterer', text: 'Quote each function, put it in the planner and invoice when it is done.' },
  { name: 'Creator', text: 'Sell your merch at the till and keep a list of the brands you work with.' },
  { name: 'Tutor & coach', text: 'Keep students’ details in one place, plan sessions and invoice each month.' },
  { name: 'Mechanic & fixer', text: 'Quote the job, track parts and get paid faster.' },
] as const;
