-- Deals (issue 38, spec §3 deals): a sale being worked on, in a stage of a sales pipeline. Replicated
-- as the `deals` collection (DESIGN.md §5), so the table has the feed columns and index of every
-- replicated table. A deal names its pipeline and stage (the push checks both are live and that the
-- stage is the pipeline's; the keys keep a deal from outliving them), and a lost deal says why.
CREATE TABLE deals (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  updated_at timestamptz NOT NULL,
  pipeline_id text NOT NULL,
  stage_id text NOT NULL,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  value_cents bigint NOT NULL CHECK (value_cents BETWEEN 0 AND 1000000000000),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost')),
  probability integer NOT NULL CHECK (probability BETWEEN 0 AND 100),
  expected_close_date text CHECK (expected_close_date ~ '^(\d{4}-\d{2}-\d{2})?$'),
  actual_close_date text CHECK (actual_close_date ~ '^(\d{4}-\d{2}-\d{2})?$'),
  lost_reason text CHECK (length(lost_reason) <= 200),
  contact_id text,
  owner_id integer,
  position text NOT NULL CHECK (length(position) BETWEEN 1 AND 64),
  notes text,
  server_seq bigint NOT NULL,
  server_version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id),
  CHECK (status <> 'lost' OR length(btrim(coalesce(lost_reason, ''))) > 0),
  FOREIGN KEY (workspace_id, pipeline_id) REFERENCES pipelines (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, stage_id) REFERENCES pipeline_stages (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX deals_feed ON deals (workspace_id, server_seq, id);
CREATE INDEX deals_pipeline ON deals (workspace_id, pipeline_id, stage_id);
SELECT app_enable_workspace_rls('deals');
