-- spec §3 product_reviews: a buyer's rating and words on a product they paid for in the marketplace.
-- Written by the buyer through the server (like cart_items, across workspaces); the seller's members
-- read their products' reviews, answer them and hide them under the workspace's row-level security.
CREATE TABLE product_reviews (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  product_id text NOT NULL,
  -- Kept when the account goes, so an average does not change behind the seller's back; the name stays.
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  author_name text NOT NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 2000),
  verified_purchase boolean NOT NULL DEFAULT false,
  -- published: shown on the product page (spec default); hidden: taken down by the seller.
  status text NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'hidden')),
  seller_response text CHECK (char_length(seller_response) <= 2000),
  responded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  -- One review per buyer and product: two racing submissions cannot both land.
  UNIQUE (workspace_id, product_id, user_id)
);
CREATE INDEX product_reviews_product ON product_reviews (workspace_id, product_id, created_at DESC);
CREATE INDEX product_reviews_seller ON product_reviews (workspace_id, created_at DESC);

-- Members read and answer; nobody deletes a buyer's words (the seller hides them instead).
SELECT app_enable_workspace_rls('product_reviews', NULL, ARRAY['SELECT', 'UPDATE']);
