-- AI writing paid with credits (spec §1, §3 "ai_usage"; issue 22). An account's credits come from two
-- places kept apart: the plan's allowance for the current billing cycle (Mahala 5, the paid plan 100),
-- which is set afresh at the start of each cycle and never carries over, and `users.credits`, bought
-- (or given) credits that never expire. A generation spends the allowance first.
ALTER TABLE users
  ADD COLUMN ai_allowance integer NOT NULL DEFAULT 0 CHECK (ai_allowance >= 0),
  -- The start of the cycle the allowance belongs to; NULL until first granted.
  ADD COLUMN ai_allowance_cycle timestamptz;

-- One row per generation. Its credits are reserved when it starts (`running`), and either settled by
-- the real token count (`settled`) or handed back when it fails (`released`). Like the rest of the
-- credit ledger it belongs to the account, read and written by the server naming the user; the
-- workspace it ran in is kept for the record.
CREATE TABLE ai_usage (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id integer REFERENCES workspaces(id) ON DELETE SET NULL,
  service text NOT NULL,
  model text NOT NULL,
  operation_type text NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'settled', 'released')),
  prompt_tokens integer NOT NULL DEFAULT 0 CHECK (prompt_tokens >= 0),
  completion_tokens integer NOT NULL DEFAULT 0 CHECK (completion_tokens >= 0),
  credits_reserved integer NOT NULL CHECK (credits_reserved > 0),
  -- How the reservation was drawn, so a settlement or release hands back to the right pot.
  from_allowance integer NOT NULL CHECK (from_allowance >= 0),
  from_bought integer NOT NULL CHECK (from_bought >= 0),
  credits_used integer NOT NULL DEFAULT 0 CHECK (credits_used >= 0 AND credits_used <= credits_reserved),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK (from_allowance + from_bought = credits_reserved)
);
CREATE INDEX ai_usage_user ON ai_usage (user_id, created_at DESC);
CREATE INDEX ai_usage_running ON ai_usage (created_at) WHERE status = 'running';

-- Saved prompt templates (issue 22 `prompt-management`): a workspace's own briefs with {{variables}}.
CREATE TABLE ai_prompt_templates (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  operation_type text NOT NULL,
  template text NOT NULL CHECK (length(template) BETWEEN 1 AND 2000),
  variables text[] NOT NULL DEFAULT '{}' CHECK (cardinality(variables) <= 20),
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE UNIQUE INDEX ai_prompt_templates_name ON ai_prompt_templates (workspace_id, lower(name));

SELECT app_enable_workspace_rls('ai_prompt_templates', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
