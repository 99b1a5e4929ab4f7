-- spec §3 wishlists: products a signed-in buyer keeps for later, unique per user and product.
-- The buyer's own rows, read and written by the server for that user only, like cart_items.
CREATE TABLE wishlists (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  product_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, workspace_id, product_id)
);
CREATE INDEX wishlists_product ON wishlists (workspace_id, product_id);
