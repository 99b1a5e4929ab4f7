-- The seller as it stood when a document was issued, fixed on the document (invoices.ts `issued_seller`).
ALTER TABLE invoices ADD COLUMN issued_seller jsonb;
ALTER TABLE quotes ADD COLUMN issued_seller jsonb;

-- Documents already issued take the workspace as it is now: the closest record there is of it.
UPDATE invoices d SET issued_seller = jsonb_strip_nulls(jsonb_build_object(
    'name', w.name, 'address', s.address, 'vat_number', s.vat_number, 'registration_number', s.company_registration_number))
  FROM workspaces w LEFT JOIN workspace_settings s ON s.workspace_id = w.id AND s.id = 1
 WHERE w.id = d.workspace_id AND d.status <> 'draft' AND NOT d.deleted;
UPDATE quotes d SET issued_seller = jsonb_strip_nulls(jsonb_build_object(
    'name', w.name, 'address', s.address, 'vat_number', s.vat_number, 'registration_number', s.company_registration_number))
  FROM workspaces w LEFT JOIN workspace_settings s ON s.workspace_id = w.id AND s.id = 1
 WHERE w.id = d.workspace_id AND d.status <> 'draft' AND NOT d.deleted;
