-- Sessions, rate limits and social sign-in. None of these are workspace tables: the server reads
-- them as the owner role, so they carry no row-level security.

-- Refresh tokens (DESIGN.md §4): opaque, stored as sha256, rotated on every refresh. All tokens of
-- one sign-in share a family; presenting a rotated token again revokes the whole family.
CREATE TABLE refresh_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  family_id uuid NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  parent_id bigint REFERENCES refresh_tokens(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Set when this token was exchanged for its successor.
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

-- Fixed-window counters shared by every instance, keyed like 'login:ip:1.2.3.4'.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  window_seconds integer NOT NULL,
  hits integer NOT NULL
);

-- OAuth 2 `state` values (hashed) and the PKCE verifier, single use, a few minutes long.
CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('facebook', 'twitter')),
  code_verifier text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- A social identity whose provider gave no e-mail address, waiting for the user to prove one with
-- a 6-digit code. Referenced by an HttpOnly cookie holding the un-hashed id.
CREATE TABLE social_pending (
  id_hash text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('facebook', 'twitter')),
  provider_user_id text NOT NULL,
  display_name text,
  email text,
  code_hash text,
  code_expires_at timestamptz,
  code_sent_at timestamptz,
  expires_at timestamptz NOT NULL
);
