-- Team chat channels (spec §3 "team chat channels and messages"): a row names a channel of a
-- workspace; its messages, reactions and presence live in the Yjs document channel:<workspace>:<name>.
-- Every member of the workspace may read and create channels.

CREATE TABLE team_channels (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, name)
);

SELECT app_enable_workspace_rls('team_channels', NULL, ARRAY['SELECT', 'INSERT']);
