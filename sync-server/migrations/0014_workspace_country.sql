-- Where a workspace trades (schema/countries.ts) and the tax facts it prints (DESIGN.md §14).
-- A workspace made before this keeps the spec's defaults: no country, no VAT, prices before VAT.
ALTER TABLE workspace_settings
  ADD COLUMN country varchar(2),
  ADD COLUMN vat_rate_bp integer NOT NULL DEFAULT 0 CHECK (vat_rate_bp BETWEEN 0 AND 10000),
  ADD COLUMN prices_include_vat boolean NOT NULL DEFAULT false,
  ADD COLUMN vat_number text CHECK (char_length(vat_number) <= 30),
  ADD COLUMN company_registration_number text CHECK (char_length(company_registration_number) <= 30);
