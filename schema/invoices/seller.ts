import { vatStatusOf } from '../kit/vat.js';
import type { WorkspaceSettings } from '../workspaces/workspaces.js';
import type { PdfSeller } from './document-pdf.js';
import type { IssuedSeller } from './invoices.js';

/**
 * The seller as the workspace describes itself (its name, and its settings: address, VAT number, colours), and its logo.
 * The VAT number only when the workspace is VAT registered (schema/kit/vat.ts): it makes the document a "Tax Invoice".
 */
export function sellerOf(
  name: string,
  settings:
    | (Pick<WorkspaceSettings, 'vat_number' | 'company_registration_number' | 'colors' | 'address'> &
        Partial<Pick<WorkspaceSettings, 'vat_registered'>>)
    | undefined,
  extra: Pick<PdfSeller, 'logo'> = {},
): PdfSeller {
  return {
    name,
    address: settings?.address ?? null,
    vatNumber: vatStatusOf(settings).vatNumber,
    registrationNumber: settings?.company_registration_number ?? null,
    color: settings?.colors.primary ?? null,
    ...extra,
  };
}

/**
 * The seller a document shows: once issued, as it stood then (name, address, VAT and registration
 * numbers, so the heading "Invoice" or "Tax Invoice" never changes either); a draft, as the workspace
 * is now. The brand (colour, logo) is always the workspace's current one.
 */
export function documentSeller(current: PdfSeller, issued: IssuedSeller | undefined): PdfSeller {
  if (!issued) return current;
  return {
    ...current,
    name: issued.name,
    address: issued.address ?? null,
    vatNumber: issued.vat_number ?? null,
    registrationNumber: issued.registration_number ?? null,
  };
}
