-- The first kinds of the generic `records` collection (DESIGN.md §5): a sales pipeline (kind
-- `pipeline`) and its stages (kind `pipeline_stage`), each in its own table. A device holds them as
-- `{ id, workspace_id, kind, data, updated_at }`; here `data` is the table's columns. The `records`
-- pull reads every kind's table as one feed by the workspace's server_seq (sync_counters), so each
-- table has the feed columns and the feed index of every replicated table.
CREATE TABLE pipelines (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  updated_at timestamptz NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  position integer NOT NULL DEFAULT 0 CHECK (position >= 0),
  server_seq bigint NOT NULL,
  server_version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX pipelines_feed ON pipelines (workspace_id, server_seq, id);
SELECT app_enable_workspace_rls('pipelines');

-- A stage names its pipeline (the push refuses one whose pipeline is not a live pipeline of the
-- workspace; the key keeps a stage from outliving its pipeline's row).
CREATE TABLE pipeline_stages (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  updated_at timestamptz NOT NULL,
  pipeline_id text NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  color text NOT NULL CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
  position integer NOT NULL DEFAULT 0 CHECK (position >= 0),
  probability integer NOT NULL CHECK (probability BETWEEN 0 AND 100),
  rotting_days integer CHECK (rotting_days >= 0),
  server_seq bigint NOT NULL,
  server_version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, pipeline_id) REFERENCES pipelines (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX pipeline_stages_feed ON pipeline_stages (workspace_id, server_seq, id);
CREATE INDEX pipeline_stages_pipeline ON pipeline_stages (workspace_id, pipeline_id, position);
SELECT app_enable_workspace_rls('pipeline_stages');
