import { z } from 'zod';
import { text } from '../kit/input.js';
import { planCode } from '../accounts/accounts.js';
import { countryCode, noCountryDefaults } from '../kit/countries.js';

export const workspaceRole = z.enum(['owner', 'admin', 'member']);
export type WorkspaceRoleCode = z.infer<typeof workspaceRole>;

/** Workspace types offered at creation and by auto-create (Post an Ad uses 'classifieds'). */
export const workspaceType = z.enum(['retail', 'services', 'freelance', 'market', 'food', 'events', 'classifieds', 'other']);

export const workspaceDto = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  industry: z.string().nullable(),
  type: z.string().nullable(),
  owner_id: z.number().int(),
  storefront_enabled: z.boolean(),
  /** The caller's role in this workspace. */
  role: workspaceRole,
  /** The owner's plan, which decides what the workspace may do. */
  plan: planCode,
  created_at: z.string(),
});
export type WorkspaceDto = z.infer<typeof workspaceDto>;

const name = text().trim().min(2, 'Name must be at least 2 characters').max(100, 'Name must be at most 100 characters');

export const workspaceCreate = z.object({
  name,
  description: text().trim().max(2000).nullish(),
  industry: text().trim().max(100).nullish(),
  type: workspaceType.optional(),
  /** Where the business trades: sets its currency, time zone and VAT (schema/kit/countries.ts). None: the spec's defaults. */
  country: countryCode.nullish(),
  /** Whether it charges VAT (schema/kit/vat.ts); asked of every business that names its country. */
  vat_registered: z.boolean().nullish(),
  vat_number: text().trim().max(30, 'A VAT number has at most 30 characters').nullish(),
});

export const workspacePatch = z
  .object({
    name,
    description: text().trim().max(2000).nullable(),
    industry: text().trim().max(100).nullable(),
    logo: text().trim().max(2000).nullable(),
    storefront_enabled: z.boolean(),
  })
  .partial();

export const workspaceAutoCreate = z.object({ name, type: workspaceType });

const vatRateMessage = 'VAT rate must be between 0 % and 100 %';

/** spec §3 workspace_settings fields, validated the same way on read, on change and in the settings forms. */
export const settingsFields = {
  colors: z.record(text(), text()),
  dark_mode: z.boolean(),
  logo: text().nullable(),
  favicon: text().nullable(),
  timezone: text().min(1).max(64),
  date_format: text().min(1).max(32),
  time_format: text().min(1).max(5),
  language: text().min(2).max(10),
  currency: text().length(3, 'Currency must be a 3-letter code'),
  email_template: text().nullable(),
  email_signature: text().nullable(),
  email_from: text().nullable(),
  email_cc: text().nullable(),
  email_bcc: text().nullable(),
  email_reply_to: text().nullable(),
  allowed_file_types: z.array(text()),
  country: countryCode.nullable(),
  vat_rate_bp: z
    .number({ error: 'Enter the VAT rate as a number' })
    .int('VAT rate can have at most 2 decimals')
    .min(0, vatRateMessage)
    .max(10_000, vatRateMessage),
  prices_include_vat: z.boolean(),
  /** The owner's answer to "Is the business VAT registered?" (schema/kit/vat.ts); null: never asked. */
  vat_registered: z.boolean().nullable(),
  vat_number: text().trim().max(30, 'A VAT number has at most 30 characters').nullable(),
  company_registration_number: text().trim().max(30, 'A registration number has at most 30 characters').nullable(),
  /** Where the business is, as its invoices and quotes print it (a tax invoice carries the supplier's address, DESIGN.md §14). */
  address: text().trim().max(300, 'An address has at most 300 characters').nullable(),
  /** The till asks the cashier to confirm a sale of more than the device counts in stock (it always warns, never blocks). */
  pos_confirm_over_stock: z.boolean(),
};

/** spec §3 workspace_settings, with its defaults. */
export const workspaceSettings = z.object({
  ...settingsFields,
  colors: settingsFields.colors.default({}),
  dark_mode: settingsFields.dark_mode.default(false),
  logo: settingsFields.logo.default(null),
  favicon: settingsFields.favicon.default(null),
  timezone: settingsFields.timezone.default(noCountryDefaults.timezone),
  date_format: settingsFields.date_format.default('YYYY-MM-DD'),
  time_format: settingsFields.time_format.default('HH:mm'),
  language: settingsFields.language.default('en'),
  currency: settingsFields.currency.default(noCountryDefaults.currency),
  email_template: settingsFields.email_template.default(null),
  email_signature: settingsFields.email_signature.default(null),
  email_from: settingsFields.email_from.default(null),
  email_cc: settingsFields.email_cc.default(null),
  email_bcc: settingsFields.email_bcc.default(null),
  email_reply_to: settingsFields.email_reply_to.default(null),
  allowed_file_types: settingsFields.allowed_file_types.default(['image/*', 'application/pdf']),
  country: settingsFields.country.default(null),
  vat_rate_bp: settingsFields.vat_rate_bp.default(noCountryDefaults.vat_rate_bp),
  prices_include_vat: settingsFields.prices_include_vat.default(noCountryDefaults.prices_include_vat),
  vat_registered: settingsFields.vat_registered.default(null),
  vat_number: settingsFields.vat_number.default(null),
  company_registration_number: settingsFields.company_registration_number.default(null),
  address: settingsFields.address.default(null),
  pos_confirm_over_stock: settingsFields.pos_confirm_over_stock.default(false),
});
export type WorkspaceSettings = z.infer<typeof workspaceSettings>;
/** A change names only the fields it changes: no defaults, so nothing unsent is reset. */
export const workspaceSettingsPatch = z
  .object({ ...settingsFields, timezone: settingsFields.timezone.refine(isTimeZone, 'Choose a time zone from the list') })
  .partial();

/** Whether this runtime knows the IANA time zone (what the date formatter will be fed). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const memberDto = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  email: z.string(),
  full_name: z.string().nullable(),
  role: workspaceRole,
  /** 'active' members have joined; 'invited' ones have a pending invitation. */
  status: z.enum(['active', 'invited']),
  joined_at: z.string().nullable(),
});
export type MemberDto = z.infer<typeof memberDto>;

/** What an invitation link shows before its person signs in: whom it invites, to what, and whether they have an account. */
export const invitationPreview = z.object({
  email: z.string(),
  workspace_name: z.string(),
  has_account: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

export const invitationCreate = z.object({
  email: text().trim().email('Please enter a valid email address'),
  role: z.enum(['admin', 'member']).default('member'),
});

/** "What may this workspace do": derived on the server from the owner's plan (spec §1). */
/** How much of its plan's limits a workspace uses now (spec §1), each counted by the area that keeps it. */
export const workspaceUsage = z.object({
  products: z.number().int().min(0),
  classifieds: z.number().int().min(0),
  events: z.number().int().min(0),
  storageBytes: z.number().int().min(0),
});
export type WorkspaceUsage = z.infer<typeof workspaceUsage>;

export const capabilitiesDto = z.object({
  plan: planCode,
  trialEndsAt: z.string().nullable(),
  limits: z.object({
    workspaces: z.number().nullable(),
    products: z.number().nullable(),
    classifieds: z.number().nullable(),
    events: z.number().nullable(),
    aiCreditsPerMonth: z.number(),
    storageBytes: z.number().nullable(),
  }),
  features: z.object({
    socialScheduling: z.boolean(),
    apiAccess: z.boolean(),
  }),
  /** Only on the workspace's own capabilities (`GET /api/workspaces/:id/capabilities`). */
  usage: workspaceUsage.optional(),
});
export type CapabilitiesDto = z.infer<typeof capabilitiesDto>;
