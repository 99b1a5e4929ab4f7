import type { Queryable } from '../../db/db.js';

/**
 * The VAT number a document prints, of settings `s`: only a VAT-registered seller's (schema/kit/vat.ts,
 * never asked: registered when it has a number), so an unregistered seller's document stays an "Invoice".
 */
export const REGISTERED_VAT_NUMBER = `CASE WHEN COALESCE(s.vat_registered, COALESCE(btrim(s.vat_number), '') <> '') THEN s.vat_number END`;

/**
 * Fixes the seller on the documents of this push that are issued (anything but a draft) and have
 * none yet: the workspace's name and its address, VAT number and registration number as they are
 * now (`issued_seller`). Runs in the push's transaction, so the documents' devices pull it with the
 * write; later changes to the settings reach new documents only.
 */
export async function fixIssuedSeller(
  q: Queryable,
  table: 'invoices' | 'quotes',
  workspaceId: number,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await q.query(
    `UPDATE ${table} d SET issued_seller = jsonb_strip_nulls(jsonb_build_object(
         'name', w.name, 'address', s.address, 'vat_number', ${REGISTERED_VAT_NUMBER}, 'registration_number', s.company_registration_number))
       FROM workspaces w LEFT JOIN workspace_settings s ON s.workspace_id = w.id AND s.id = 1
      WHERE w.id = $1 AND d.workspace_id = $1 AND d.id = ANY($2::text[]) AND d.issued_seller IS NULL AND d.status <> 'draft'`,
    [workspaceId, ids],
  );
}
