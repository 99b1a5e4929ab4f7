-- Tickets (and goods that are not posted) need no delivery address: a checkout or an order with
-- nothing to deliver has none.
ALTER TABLE marketplace_checkouts ALTER COLUMN shipping_address DROP NOT NULL;
ALTER TABLE marketplace_orders ALTER COLUMN shipping_address DROP NOT NULL;
ALTER TABLE marketplace_orders ALTER COLUMN billing_address DROP NOT NULL;
