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

/** Spec §1 plans: ZAR base prices. */
export const VUKA_PLAN_ZAR = 499;
export const MAHALA_PLAN_ZAR = 0;
/** Reference price in structured data (spec §1: "structured data uses USD 29"). */
export const VUKA_PLAN_USD_REFERENCE = 29;

/** The detailed comparison of spec §1. '—' marks what the spec does not state. */
export const planRows: ReadonlyArray<{ feature: string; mahala: string; vuka: string }> = [
  { feature: 'Workspaces', mahala: '1', vuka: 'Unlimited' },
  { feature: 'Team members', mahala: 'Unlimited', vuka: 'Unlimited' },
  { feature: 'Classified listings', mahala: '10', vuka: 'Unlimited' },
  { feature: 'Events', mahala: '5', vuka: 'Unlimited' },
  { feature: 'Products', mahala: '10', vuka: 'Unlimited' },
  { feature: 'Social media', mahala: 'Profile connection only, no scheduling', vuka: 'Scheduling' },
  { feature: 'AI credits per month', mahala: '5', vuka: '100' },
  { feature: 'API access', mahala: 'No', vuka: 'Yes' },
  { feature: 'Storage', mahala: '—', vuka: '10GB' },
  { feature: 'Support', mahala: 'Community', vuka: '—' },
];

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
