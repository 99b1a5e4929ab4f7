-- Receipts reach the customer: a sale carries the random token of its public page (/r/<token>), read
-- only by that token. Not unique: a device makes it offline, and a repeated token (which only a
-- tampering client could make) opens no receipt at all rather than failing the push.
ALTER TABLE pos_orders ADD COLUMN share_token text CHECK (share_token ~ '^[A-Za-z0-9_-]{22,64}$');
CREATE INDEX pos_orders_share_token ON pos_orders (share_token) WHERE share_token IS NOT NULL;

-- Whether the till asks the cashier to confirm selling more than the device counts in stock.
ALTER TABLE workspace_settings ADD COLUMN pos_confirm_over_stock boolean NOT NULL DEFAULT false;
