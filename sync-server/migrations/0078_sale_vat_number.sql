-- A till sale fixes its seller's VAT number when rung up ('' when not VAT registered then): its
-- receipt shows that, never a later setting. Older sales have none and read the current settings.
ALTER TABLE pos_orders ADD COLUMN seller_vat_number text;
