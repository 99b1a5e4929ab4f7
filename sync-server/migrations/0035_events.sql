-- Events and tickets (spec §3 "Events", §5 event creation; DESIGN.md §15 signed tickets). Events,
-- ticket types, registrations (orders) and attendees (one row per ticket) are an online area (REST);
-- check_ins replicate to door devices (DESIGN.md §5).

CREATE TABLE events (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  -- Public URLs name an event by slug alone (/marketplace/events/{slug}), so it is unique everywhere.
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,119}$'),
  description text NOT NULL DEFAULT '',
  category text,
  start_date text NOT NULL,
  start_time text,
  end_date text,
  end_time text,
  location text NOT NULL DEFAULT '',
  is_online boolean NOT NULL DEFAULT false,
  max_attendees integer CHECK (max_attendees > 0),
  price text NOT NULL DEFAULT '0',
  currency text NOT NULL DEFAULT 'ZAR',
  visibility text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'private')),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'cancelled')),
  cover_image text,
  gallery jsonb NOT NULL DEFAULT '[]',
  requires_approval boolean NOT NULL DEFAULT false,
  -- The event's Ed25519 public key (raw, base64url): door devices verify tickets with it.
  public_key text NOT NULL,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX events_upcoming ON events (status, visibility, start_date);

-- The private half of each event's key: only the server signs tickets; no DTO ever carries it.
CREATE TABLE event_keys (
  workspace_id integer NOT NULL,
  event_id uuid NOT NULL,
  private_key text NOT NULL,
  PRIMARY KEY (workspace_id, event_id),
  FOREIGN KEY (workspace_id, event_id) REFERENCES events (workspace_id, id) ON DELETE CASCADE
);

CREATE TABLE event_categories (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  PRIMARY KEY (workspace_id, name)
);

CREATE TABLE ticket_types (
  workspace_id integer NOT NULL,
  id uuid NOT NULL,
  event_id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  price_cents bigint NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  currency text NOT NULL DEFAULT 'ZAR',
  quantity integer NOT NULL CHECK (quantity > 0),
  -- Sold or held by a checkout under way; never past the quantity, whatever races.
  sold integer NOT NULL DEFAULT 0 CHECK (sold >= 0 AND sold <= quantity),
  -- The sale window at the venue's wall clock (YYYY-MM-DDTHH:MM in the workspace's time zone).
  sale_starts text,
  sale_ends text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, event_id) REFERENCES events (workspace_id, id) ON DELETE CASCADE
);

-- spec §3 registrations: one order of tickets. `lines` are ticket-type lines (a future cart's too).
CREATE TABLE registrations (
  workspace_id integer NOT NULL,
  id uuid NOT NULL,
  event_id uuid NOT NULL,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL,
  email text NOT NULL,
  lines jsonb NOT NULL,
  registration_status text NOT NULL DEFAULT 'pending' CHECK (registration_status IN ('pending', 'confirmed', 'cancelled')),
  payment_status text NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'paid', 'failed', 'refunded', 'free')),
  amount_cents bigint NOT NULL DEFAULT 0,
  amount_paid_cents bigint NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'ZAR',
  reference text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  -- Set once the tickets went out by e-mail, so a repeated webhook never mails them twice.
  tickets_mailed_at timestamptz,
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, event_id) REFERENCES events (workspace_id, id) ON DELETE CASCADE
);

-- spec §3 attendees (status default registered): one row per ticket, with its signed code.
CREATE TABLE attendees (
  workspace_id integer NOT NULL,
  id uuid NOT NULL,
  event_id uuid NOT NULL,
  registration_id uuid NOT NULL,
  ticket_type_id uuid NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  status text NOT NULL DEFAULT 'registered' CHECK (status IN ('registered', 'checked_in', 'cancelled', 'refunded')),
  code text NOT NULL,
  -- Opens the ticket's page and PDF without signing in (the link in its e-mail).
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, registration_id) REFERENCES registrations (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, ticket_type_id) REFERENCES ticket_types (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX attendees_event ON attendees (workspace_id, event_id);

-- check_ins (replicated, append-only): one admission at one door device.
CREATE TABLE check_ins (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  updated_at timestamptz NOT NULL,
  event_id text NOT NULL,
  ticket_id text NOT NULL,
  device_id text NOT NULL,
  device_name text,
  scanned_at timestamptz NOT NULL,
  server_seq bigint NOT NULL,
  server_version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX check_ins_feed ON check_ins (workspace_id, server_seq, id);
CREATE INDEX check_ins_ticket ON check_ins (workspace_id, event_id, ticket_id);

SELECT app_enable_workspace_rls('events', ARRAY['owner', 'admin'], ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT app_enable_workspace_rls('event_categories', ARRAY['owner', 'admin'], ARRAY['SELECT', 'INSERT', 'DELETE']);
SELECT app_enable_workspace_rls('ticket_types', ARRAY['owner', 'admin'], ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT app_enable_workspace_rls('registrations', ARRAY['owner', 'admin'], ARRAY['SELECT', 'UPDATE']);
SELECT app_enable_workspace_rls('attendees', ARRAY['owner', 'admin'], ARRAY['SELECT', 'UPDATE']);
SELECT app_enable_workspace_rls('check_ins', NULL, ARRAY['SELECT', 'INSERT']);
SELECT app_enable_workspace_rls('event_keys', ARRAY['owner', 'admin'], ARRAY['SELECT', 'INSERT']);
