-- Each invoice, quote and till sale records whether its prices include VAT: the workspace's setting
-- when it was written, so a later change of the setting never changes its totals. Documents written
-- before keep the arithmetic they had: invoices and quotes added VAT on top, the till took it from
-- inside the price.
ALTER TABLE invoices ADD COLUMN prices_include_vat boolean NOT NULL DEFAULT false;
ALTER TABLE quotes ADD COLUMN prices_include_vat boolean NOT NULL DEFAULT false;
ALTER TABLE pos_orders ADD COLUMN prices_include_vat boolean NOT NULL DEFAULT true;
