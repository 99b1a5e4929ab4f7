-- Whether the business is VAT registered (schema/kit/vat.ts): an explicit answer, null when never asked.
ALTER TABLE workspace_settings ADD COLUMN vat_registered boolean;

-- Workspaces made before the question: those with a VAT number are registered, those without are not.
UPDATE workspace_settings SET vat_registered = (vat_number IS NOT NULL AND btrim(vat_number) <> '');

-- A marketplace order fixes its seller's VAT number when placed (null: not VAT registered, an "Invoice").
ALTER TABLE marketplace_orders ADD COLUMN seller_vat_number text;

-- The storefront's own "tax rate added at checkout" is gone: VAT follows the workspace (schema/kit/vat.ts).
ALTER TABLE storefront_settings DROP COLUMN tax_rate_bp;
