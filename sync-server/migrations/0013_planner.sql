-- The planner (spec §3 planner_items, comments embedded; §9 default colour #FFD700), and the one
-- helper every workspace table now enables row-level security through (DESIGN.md §4).

-- vuka_enable_workspace_rls('table'[, privileges]): ENABLE + FORCE RLS, REPLACES every policy on the
-- table with one whose USING and WITH CHECK both say "the row's workspace is app.workspace_id and the
-- caller an active member of it", and grants vuka_app exactly `privileges` (SELECT, INSERT, UPDATE by
-- default: replicated rows are never deleted, only marked `deleted`). An append-only table passes
-- ARRAY['SELECT', 'INSERT']. The workspace and membership are asked once per statement (an InitPlan,
-- `(SELECT …)`), not once per row: a pull of 500 rows must not run 500 membership lookups.
CREATE FUNCTION vuka_enable_workspace_rls(
  tbl regclass,
  privileges text[] DEFAULT ARRAY['SELECT', 'INSERT', 'UPDATE']
) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS
$$
DECLARE
  rel text := (SELECT c.relname FROM pg_class c WHERE c.oid = tbl);
  pol record;
  scope text := 'workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id()))';
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = tbl AND a.attname = 'workspace_id' AND NOT a.attisdropped) THEN
    RAISE EXCEPTION 'table % has no workspace_id column', rel;
  END IF;
  IF cardinality(privileges) = 0 OR NOT (privileges <@ ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']) THEN
    RAISE EXCEPTION 'privileges must be some of SELECT, INSERT, UPDATE, DELETE, not %', privileges;
  END IF;
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  FOR pol IN SELECT p.polname FROM pg_policy p WHERE p.polrelid = tbl LOOP
    EXECUTE format('DROP POLICY %I ON %s', pol.polname, tbl);
  END LOOP;
  EXECUTE format('CREATE POLICY %I ON %s USING (%s) WITH CHECK (%s)', rel || '_scope', tbl, scope, scope);
  EXECUTE format('REVOKE ALL ON %s FROM vuka_app', tbl);
  EXECUTE format('GRANT %s ON %s TO vuka_app', array_to_string(privileges, ', '), tbl);
END
$$;
-- Only migrations (run as the owner) call it.
REVOKE EXECUTE ON FUNCTION vuka_enable_workspace_rls(regclass, text[]) FROM PUBLIC;

CREATE TABLE planner_items (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  updated_at timestamptz NOT NULL,
  title text NOT NULL,
  type text NOT NULL DEFAULT 'event',
  description text,
  start_date text NOT NULL,
  start_time text,
  end_date text,
  end_time text,
  color text NOT NULL DEFAULT '#FFD700',
  done boolean,
  comments jsonb,
  server_seq bigint NOT NULL,
  server_version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX planner_items_feed ON planner_items (workspace_id, server_seq, id);

SELECT vuka_enable_workspace_rls('planner_items');

-- The stock ledger is append-only (DESIGN.md §5): a correction is a new movement, so the app's role
-- may insert movements and never update one.
SELECT vuka_enable_workspace_rls('stock_movements', ARRAY['SELECT', 'INSERT']);
