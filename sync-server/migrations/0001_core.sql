-- The non-owner role every request runs as (SET LOCAL ROLE vuka_app). Roles are cluster-wide, so
-- creating it tolerates another database (or a concurrent migrator) having made it first.
DO $$
BEGIN
  CREATE ROLE vuka_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  password text,
  full_name text NOT NULL,
  first_name text,
  last_name text,
  username text,
  title text,
  bio text,
  avatar_url text,
  verified boolean NOT NULL DEFAULT false,
  credits integer NOT NULL DEFAULT 100,
  is_admin boolean NOT NULL DEFAULT false,
  -- The account's plan: 'free' (Mahala) or 'pro'; a Pro trial sets plan_trial_ends_at.
  plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro')),
  plan_trial_ends_at timestamptz,
  pending_email text,
  verification_code_hash text,
  verification_expires_at timestamptz,
  verification_sent_at timestamptz,
  reset_token_hash text,
  reset_expires_at timestamptz,
  provider_customer_id text,
  phone text,
  facebook_id text UNIQUE,
  twitter_id text UNIQUE,
  age_confirmed_at timestamptz,
  terms_accepted_at timestamptz,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE workspaces (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name varchar(100) NOT NULL,
  slug varchar(100) NOT NULL UNIQUE,
  description text,
  logo text,
  industry text,
  type text,
  owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  storefront_enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE workspace_members (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id integer GENERATED ALWAYS AS IDENTITY,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  invited_email text,
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'admin', 'member')),
  invited_by integer REFERENCES users(id) ON DELETE SET NULL,
  invite_token_hash text,
  joined_at timestamptz,
  is_active boolean NOT NULL DEFAULT true,
  permissions jsonb NOT NULL DEFAULT '{}'::jsonb,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE UNIQUE INDEX workspace_members_user ON workspace_members (workspace_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX workspace_members_by_user ON workspace_members (user_id);

CREATE TABLE workspace_settings (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id integer NOT NULL DEFAULT 1,
  colors jsonb NOT NULL DEFAULT '{}'::jsonb,
  dark_mode boolean NOT NULL DEFAULT false,
  logo text,
  favicon text,
  timezone text NOT NULL DEFAULT 'UTC',
  date_format text NOT NULL DEFAULT 'YYYY-MM-DD',
  time_format varchar(5) NOT NULL DEFAULT 'HH:mm',
  language text NOT NULL DEFAULT 'en',
  currency varchar(3) NOT NULL DEFAULT 'USD',
  email_template text,
  email_signature text,
  email_from text,
  email_cc text,
  email_bcc text,
  email_reply_to text,
  allowed_file_types text[] NOT NULL DEFAULT ARRAY['image/*', 'application/pdf'],
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);

-- Row-level security. app.user_id / app.workspace_id are set per transaction (withScope).
CREATE FUNCTION app_user_id() RETURNS integer LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.user_id', true), '')::integer $$;
CREATE FUNCTION app_workspace_id() RETURNS integer LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.workspace_id', true), '')::integer $$;
-- SECURITY DEFINER so the membership lookup itself is not filtered by the policies that call it.
CREATE FUNCTION app_is_member(ws integer) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER AS
$$ SELECT EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = ws AND m.user_id = app_user_id() AND m.is_active) $$;

GRANT USAGE ON SCHEMA public TO vuka_app;
GRANT EXECUTE ON FUNCTION app_user_id(), app_workspace_id(), app_is_member(integer) TO vuka_app;

ALTER TABLE workspaces ENABLE ROW LEVEL SECURITY;
ALTER TABLE workspaces FORCE ROW LEVEL SECURITY;
-- A workspace row is visible to its members; inside a workspace request only that workspace.
CREATE POLICY workspaces_member ON workspaces
  USING (app_is_member(id) AND (app_workspace_id() IS NULL OR id = app_workspace_id()))
  WITH CHECK (owner_id = app_user_id() AND (app_workspace_id() IS NULL OR id = app_workspace_id()));
CREATE POLICY workspaces_create ON workspaces FOR INSERT WITH CHECK (owner_id = app_user_id());
CREATE POLICY workspaces_owner_read ON workspaces FOR SELECT USING (owner_id = app_user_id() AND app_workspace_id() IS NULL);
GRANT SELECT, INSERT, UPDATE, DELETE ON workspaces TO vuka_app;

ALTER TABLE workspace_members ENABLE ROW LEVEL SECURITY;
ALTER TABLE workspace_members FORCE ROW LEVEL SECURITY;
CREATE POLICY members_scope ON workspace_members
  USING (workspace_id = app_workspace_id() AND app_is_member(workspace_id))
  WITH CHECK (workspace_id = app_workspace_id() AND app_is_member(workspace_id));
-- Listing "my workspaces" reads one's own memberships without a workspace set.
CREATE POLICY members_own ON workspace_members FOR SELECT USING (user_id = app_user_id());
-- The owner's first membership row is written when the workspace is created.
CREATE POLICY members_first ON workspace_members FOR INSERT
  WITH CHECK (user_id = app_user_id() AND role = 'owner'
    AND EXISTS (SELECT 1 FROM workspaces w WHERE w.id = workspace_id AND w.owner_id = app_user_id()));
GRANT SELECT, INSERT, UPDATE, DELETE ON workspace_members TO vuka_app;

ALTER TABLE workspace_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE workspace_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY settings_scope ON workspace_settings
  USING (workspace_id = app_workspace_id() AND app_is_member(workspace_id))
  WITH CHECK (workspace_id = app_workspace_id() AND app_is_member(workspace_id));
GRANT SELECT, INSERT, UPDATE, DELETE ON workspace_settings TO vuka_app;

-- Mail written while no SMTP server is configured; /dev/mailbox shows it outside production.
CREATE TABLE mail_outbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sender text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text,
  reply_to text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Server-wide secrets (the access-token signing key) generated on first start, shared by every
-- instance on the same database.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
