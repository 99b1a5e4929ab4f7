import { plans, storageLabel, type Plan } from '../../../schema/plans';

/** The workspace modules of spec §1, as the public pages present them. */
export const modules = [
  { key: 'crm', name: 'CRM', summary: 'Contacts, pipelines and deals, so no customer or lead slips through.' },
  { key: 'invoices', name: 'Invoices & Quotes', summary: 'Professional quotes and invoices in Rand, sent in a minute.' },
  { key: 'pos', name: 'Point of Sale', summary: 'A till on your phone or laptop that keeps selling when the network drops.' },
  { key: 'orders', name: 'Orders & Storefront', summary: 'Your own online shop page and one list for every order.' },
  { key: 'events', name: 'Events & Ticketing', summary: 'Publish events, sell tickets and check guests in at the door.' },
  { key: 'bookings', name: 'Services & Bookings', summary: 'Let clients book appointments for your services.' },
  { key: 'inventory', name: 'Inventory & Products', summary: 'Products and stock levels that update with every sale.' },
  { key: 'classifieds', name: 'Classified Ads', summary: 'Post ads on the marketplace and answer enquiries.' },
  { key: 'content', name: 'Content & Magazine', summary: 'Write articles and stories for your audience.' },
  { key: 'social', name: 'Social Media Scheduling', summary: 'Plan posts ahead and keep your pages active.' },
  { key: 'bookkeeper', name: 'Bookkeeper', summary: 'Import bank statements and sort your transactions.' },
  { key: 'drive', name: 'File Drive', summary: 'Keep documents, images and receipts in one place.' },
  { key: 'projects', name: 'Project Management', summary: 'Tasks, team chat and daily standups.' },
  { key: 'planner', name: 'Planner', summary: 'Your diary for deliveries, meetings and deadlines.' },
  { key: 'ai', name: 'AI Generation', summary: 'Marketing content, blog posts and captions, paid with credits.' },
] as const;

/** Spec §1 plans: ZAR base prices, from the one plan definition. */
export const VUKA_PLAN_ZAR = plans.pro.priceZarCents / 100;
export const MAHALA_PLAN_ZAR = plans.free.priceZarCents / 100;
/** Reference price in structured data (spec §1: "structured data uses USD 29"). */
export const VUKA_PLAN_USD_REFERENCE = plans.pro.priceUsd;

const count = (n: number | null) => (n === null ? 'Unlimited' : String(n));

/** One row of the detailed comparison: what each plan holds, read from schema/plans.ts. */
const facts: ReadonlyArray<readonly [string, (p: Plan) => string]> = [
  ['Workspaces', (p) => count(p.limits.workspaces)],
  ['Team members', (p) => count(p.limits.teamMembers)],
  ['Classified listings', (p) => count(p.limits.classifieds)],
  ['Events', (p) => count(p.limits.events)],
  ['Products', (p) => count(p.limits.products)],
  ['Social media', (p) => p.text.socialMedia],
  ['AI credits per month', (p) => String(p.limits.aiCreditsPerMonth)],
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

export const hustlerTypes = [
  { name: 'Market trader', text: 'Ring up sales at your stall, even with no signal, and see what sold by day end.' },
  { name: 'Freelancer', text: 'Quote, invoice and follow up on clients without a pile of spreadsheets.' },
  { name: 'Salon & barber', text: 'Take bookings for every chair and remind clients of their appointments.' },
  { name: 'Spaza shop', text: 'Know your stock on the shelf and what to reorder before it runs out.' },
  { name: 'Caterer', text: 'Plan events, track orders and send invoices for every function.' },
  { name: 'Creator', text: 'Schedule posts, write with AI help and sell tickets to your shows.' },
  { name: 'Tutor & coach', text: 'Let students book sessions and keep their details in one place.' },
  { name: 'Mechanic & fixer', text: 'Quote the job, track parts and get paid faster.' },
] as const;
