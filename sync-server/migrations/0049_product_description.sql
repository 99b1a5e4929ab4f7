-- A product's description (issue 22): written by hand or inserted from AI writing on a device, synced
-- like the product's other fields (schema/catalog.ts, products version 2).
ALTER TABLE products ADD COLUMN description text CHECK (description IS NULL OR length(description) <= 5000);
