-- The planner (spec §3 planner_items, comments embedded; §9 default colour #FFD700), and the one
-- helper every workspace table enables row-level security through (DESIGN.md §4), in its final form.

-- app_enable_workspace_rls(table[, writers[, privileges]]) is THE one helper every workspace table
-- enables row-level security through (DESIGN.md §4), now in its final form: ENABLE + FORCE RLS, and it
-- REPLACES every policy on the table. With no `writers`, one policy whose USING and WITH CHECK both say
-- "the row's workspace is app.workspace_id and the caller an active member of it"; with `writers`,
-- members read and only those roles write. vuka_app gets exactly `privileges` (SELECT, INSERT, UPDATE by
-- default: replicated rows are never deleted, only marked `deleted`); an append-only table passes
-- ARRAY['SELECT', 'INSERT']. The workspace, membership and role are asked once per statement (an
-- InitPlan, `(SELECT …)`), not once per row: a pull of 500 rows must not run 500 membership lookups.
DROP FUNCTION app_enable_workspace_rls(regclass, text[], text[]);
CREATE FUNCTION app_enable_workspace_rls(
  tbl regclass,
  writers text[] DEFAULT NULL,
  privileges text[] DEFAULT ARRAY['SELECT', 'INSERT', 'UPDATE']
) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS
$$
DECLARE
  rel text := (SELECT c.relname FROM pg_class c WHERE c.oid = tbl);
  pol record;
  scope text := 'workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id()))';
  writable text;
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
  IF writers IS NULL THEN
    EXECUTE format('CREATE POLICY %I ON %s USING (%s) WITH CHECK (%s)', rel || '_scope', tbl, scope, scope);
  ELSE
    writable := format('workspace_id = (SELECT app_workspace_id()) AND (SELECT app_has_role(app_workspace_id(), %L::text[]))', writers);
    EXECUTE format('CREATE POLICY %I ON %s FOR SELECT USING (%s)', rel || '_read', tbl, scope);
    EXECUTE format('CREATE POLICY %I ON %s FOR INSERT WITH CHECK (%s)', rel || '_insert', tbl, writable);
    EXECUTE format('CREATE POLICY %I ON %s FOR UPDATE USING (%s) WITH CHECK (%s)', rel || '_update', tbl, writable, writable);
    EXECUTE format('CREATE POLICY %I ON %s FOR DELETE USING (%s)', rel || '_delete', tbl, writable);
  END IF;
  EXECUTE format('REVOKE ALL ON %s FROM vuka_app', tbl);
  EXECUTE format('GRANT %s ON %s TO vuka_app', array_to_string(privileges, ', '), tbl);
END
$$;
-- Only migrations (run as the owner) call it.
REVOKE EXECUTE ON FUNCTION app_enable_workspace_rls(regclass, text[], text[]) FROM PUBLIC;

-- Every workspace table, one line each, with the privileges it had (the policies are the same rule).
SELECT app_enable_workspace_rls('workspace_settings', ARRAY['owner', 'admin'], ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT app_enable_workspace_rls('sync_counters');
SELECT app_enable_workspace_rls('products');
SELECT app_enable_workspace_rls('contacts');
SELECT app_enable_workspace_rls('number_series');
SELECT app_enable_workspace_rls('number_blocks', NULL, ARRAY['SELECT', 'INSERT']);
SELECT app_enable_workspace_rls('pos_orders');
SELECT app_enable_workspace_rls('pos_shifts');
SELECT app_enable_workspace_rls('invoices');
SELECT app_enable_workspace_rls('quotes');
-- The stock ledger is append-only (DESIGN.md §5): a correction is a new movement, so the app's role
-- may insert movements and never update one.
SELECT app_enable_workspace_rls('stock_movements', NULL, ARRAY['SELECT', 'INSERT']);

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

SELECT app_enable_workspace_rls('planner_items');
