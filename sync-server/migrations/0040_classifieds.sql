-- Classified ads (spec §3 "Content and classifieds", issue 21): a workspace's listings, the questions,
-- offers and viewing requests buyers send about them, each with its message thread, and reports of a
-- listing or a message for the admins. Buyers are not members of the seller's workspace: the API
-- reads their side with the listing's workspace named and the buyer checked, the seller's side scoped.

CREATE TABLE classifieds (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
  category text NOT NULL,
  price_cents bigint CHECK (price_cents IS NULL OR price_cents BETWEEN 0 AND 9999999999),
  currency text NOT NULL DEFAULT 'ZAR' CHECK (length(currency) = 3),
  images uuid[] NOT NULL DEFAULT '{}' CHECK (cardinality(images) <= 8),
  area text NOT NULL DEFAULT '' CHECK (length(area) <= 100),
  expires_at timestamptz NOT NULL,
  allow_appointments boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'paused', 'reserved', 'sold', 'expired')),
  reserved_for integer REFERENCES users(id) ON DELETE SET NULL,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  published_at timestamptz,
  renewal_notice_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE UNIQUE INDEX classifieds_id ON classifieds (id);
CREATE INDEX classifieds_public ON classifieds (status, published_at DESC) WHERE status IN ('published', 'reserved');
CREATE INDEX classifieds_expiry ON classifieds (expires_at) WHERE status IN ('published', 'paused', 'reserved');

CREATE TABLE classified_inquiries (
  workspace_id integer NOT NULL,
  id uuid NOT NULL,
  classified_id uuid NOT NULL,
  buyer_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  request_type text NOT NULL DEFAULT 'question' CHECK (request_type IN ('question', 'offer', 'viewing')),
  offer_amount_cents bigint CHECK (offer_amount_cents IS NULL OR offer_amount_cents > 0),
  counter_amount_cents bigint CHECK (counter_amount_cents IS NULL OR counter_amount_cents > 0),
  viewing_at timestamptz,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'answered', 'countered', 'accepted', 'declined')),
  seller_response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, classified_id) REFERENCES classifieds (workspace_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX classified_inquiries_id ON classified_inquiries (id);
CREATE INDEX classified_inquiries_listing ON classified_inquiries (workspace_id, classified_id, created_at);
CREATE INDEX classified_inquiries_buyer ON classified_inquiries (buyer_id, classified_id);

CREATE TABLE classified_messages (
  workspace_id integer NOT NULL,
  id uuid NOT NULL,
  inquiry_id uuid NOT NULL,
  sender_id integer REFERENCES users(id) ON DELETE SET NULL,
  kind text NOT NULL DEFAULT 'message' CHECK (kind IN ('message', 'offer', 'counter', 'accepted', 'declined', 'viewing')),
  body text NOT NULL DEFAULT '' CHECK (length(body) <= 2000),
  amount_cents bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, inquiry_id) REFERENCES classified_inquiries (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX classified_messages_thread ON classified_messages (workspace_id, inquiry_id, created_at);
CREATE INDEX classified_messages_sender ON classified_messages (sender_id, created_at);

CREATE TABLE classified_reports (
  workspace_id integer NOT NULL,
  id uuid NOT NULL,
  classified_id uuid NOT NULL,
  message_id uuid,
  reporter_id integer REFERENCES users(id) ON DELETE SET NULL,
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, classified_id) REFERENCES classifieds (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX classified_reports_recent ON classified_reports (created_at DESC);

SELECT app_enable_workspace_rls('classifieds', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT app_enable_workspace_rls('classified_inquiries', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE']);
SELECT app_enable_workspace_rls('classified_messages', NULL, ARRAY['SELECT', 'INSERT']);
SELECT app_enable_workspace_rls('classified_reports', NULL, ARRAY['SELECT', 'INSERT']);
