-- Product variants (spec §3 products "variants"): a variant is a product of its own (price, SKU,
-- barcode, stock in the ledger) that names its group's main product and its option ("Red / M"), synced
-- like the product's other fields (schema/catalog.ts, products version 3). Both columns stay NULL on
-- products without variants. The index finds a group's variants: the push rules (no chains) and the
-- marketplace's group prices look them up by main product.
ALTER TABLE products ADD COLUMN variant_of text CHECK (variant_of IS NULL OR length(variant_of) BETWEEN 1 AND 64);
ALTER TABLE products ADD COLUMN variant_name text CHECK (variant_name IS NULL OR length(variant_name) <= 60);
CREATE INDEX products_variants ON products (workspace_id, variant_of) WHERE variant_of IS NOT NULL;
