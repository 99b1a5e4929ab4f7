-- Workspaces, members and settings: tenancy rules tightened, plus contact messages.
--
-- What 0001's policies got wrong, and what replaces them:
--  * members_own let a request scoped to workspace A read the caller's membership rows of workspace B;
--    own memberships are now readable only when no workspace is set (listing "my workspaces").
--  * workspaces UPDATE checked owner_id = caller, so an admin could not rename a workspace, while any
--    member (even role 'member') could delete one; writes now need the workspace set and a role.
--  * every member could insert, update or delete member and settings rows, including making themself
--    owner; writes now need owner/admin, and only the workspace's owner may hold role 'owner'.
--  * SECURITY DEFINER functions had no fixed search_path.
--  * owner_id, slug and a member row's workspace_id could be rewritten; column grants now forbid it.

-- The caller's role in a workspace (active membership), or null.
CREATE FUNCTION app_member_role(ws integer) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS
$$ SELECT m.role FROM workspace_members m WHERE m.workspace_id = ws AND m.user_id = app_user_id() AND m.is_active $$;

CREATE FUNCTION app_has_role(ws integer, roles text[]) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS
$$ SELECT coalesce(app_member_role(ws) = ANY (roles), false) $$;

CREATE FUNCTION app_workspace_owner(ws integer) RETURNS integer LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS
$$ SELECT w.owner_id FROM workspaces w WHERE w.id = ws $$;

-- The signed-in user's email, so an invitee can claim the invitation addressed to them.
CREATE FUNCTION app_user_email() RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS
$$ SELECT lower(u.email) FROM users u WHERE u.id = app_user_id() $$;

ALTER FUNCTION app_is_member(integer) SET search_path = public, pg_temp;
GRANT EXECUTE ON FUNCTION app_member_role(integer), app_has_role(integer, text[]), app_workspace_owner(integer),
  app_user_email() TO vuka_app;

-- THE pattern for every workspace-scoped table (its primary key starts with workspace_id):
--     SELECT app_enable_workspace_rls('products');                       -- any member reads and writes
--     SELECT app_enable_workspace_rls('pos_settings', ARRAY['owner','admin']);  -- members read, these write
--     SELECT app_enable_workspace_rls('stock_movements', NULL, ARRAY['SELECT','INSERT']);  -- append-only
-- It enables and forces RLS, REPLACES every policy on the table, and grants vuka_app exactly the
-- given privileges (all four by default). Rows are visible only while app.workspace_id names the
-- row's workspace and the caller is an active member of it: with no workspace set nothing is
-- visible, and nothing can be read, changed or written in another workspace.
CREATE FUNCTION app_enable_workspace_rls(
  tbl regclass,
  writers text[] DEFAULT NULL,
  privileges text[] DEFAULT ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']
) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS
$$
DECLARE
  rel text := (SELECT c.relname FROM pg_class c WHERE c.oid = tbl);
  pol record;
  readable text := 'workspace_id = app_workspace_id() AND app_is_member(workspace_id)';
  writable text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = tbl AND a.attname = 'workspace_id' AND NOT a.attisdropped) THEN
    RAISE EXCEPTION 'table % has no workspace_id column', rel;
  END IF;
  IF cardinality(privileges) = 0 OR NOT (privileges <@ ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']) THEN
    RAISE EXCEPTION 'privileges must be some of SELECT, INSERT, UPDATE, DELETE, not %', privileges;
  END IF;
  writable := CASE WHEN writers IS NULL THEN readable
    ELSE format('workspace_id = app_workspace_id() AND app_has_role(workspace_id, %L::text[])', writers) END;
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  FOR pol IN SELECT p.polname FROM pg_policy p WHERE p.polrelid = tbl LOOP
    EXECUTE format('DROP POLICY %I ON %s', pol.polname, tbl);
  END LOOP;
  EXECUTE format('CREATE POLICY %I ON %s FOR SELECT USING (%s)', rel || '_read', tbl, readable);
  EXECUTE format('CREATE POLICY %I ON %s FOR INSERT WITH CHECK (%s)', rel || '_insert', tbl, writable);
  EXECUTE format('CREATE POLICY %I ON %s FOR UPDATE USING (%s) WITH CHECK (%s)', rel || '_update', tbl, writable, writable);
  EXECUTE format('CREATE POLICY %I ON %s FOR DELETE USING (%s)', rel || '_delete', tbl, writable);
  EXECUTE format('REVOKE ALL ON %s FROM vuka_app', tbl);
  EXECUTE format('GRANT %s ON %s TO vuka_app', array_to_string(privileges, ', '), tbl);
END
$$;
-- Only migrations (run as the owner) call it.
REVOKE EXECUTE ON FUNCTION app_enable_workspace_rls(regclass, text[], text[]) FROM PUBLIC;

SELECT app_enable_workspace_rls('workspace_settings', ARRAY['owner', 'admin']);

-- workspaces: the tenant row itself (its key is id, not workspace_id), so it has its own policies.
DROP POLICY workspaces_member ON workspaces;
DROP POLICY workspaces_create ON workspaces;
DROP POLICY workspaces_owner_read ON workspaces;
-- With no workspace set: the caller's own workspaces (the list). With one set: only that one, to members.
CREATE POLICY workspaces_read ON workspaces FOR SELECT USING (
  (app_workspace_id() IS NULL AND (owner_id = app_user_id() OR app_is_member(id)))
  OR (id = app_workspace_id() AND app_is_member(id)));
-- New workspaces are created outside any workspace, owned by the caller.
CREATE POLICY workspaces_insert ON workspaces FOR INSERT
  WITH CHECK (app_workspace_id() IS NULL AND owner_id = app_user_id());
CREATE POLICY workspaces_update ON workspaces FOR UPDATE
  USING (id = app_workspace_id() AND app_has_role(id, ARRAY['owner', 'admin']))
  WITH CHECK (id = app_workspace_id() AND app_has_role(id, ARRAY['owner', 'admin']));
CREATE POLICY workspaces_delete ON workspaces FOR DELETE
  USING (id = app_workspace_id() AND owner_id = app_user_id());
REVOKE UPDATE ON workspaces FROM vuka_app;
GRANT UPDATE (name, description, logo, industry, type, storefront_enabled, updated_at) ON workspaces TO vuka_app;

-- workspace_members
DROP POLICY members_scope ON workspace_members;
DROP POLICY members_own ON workspace_members;
DROP POLICY members_first ON workspace_members;
CREATE POLICY members_read ON workspace_members FOR SELECT USING (
  (app_workspace_id() IS NULL AND user_id = app_user_id())
  OR (workspace_id = app_workspace_id() AND (app_is_member(workspace_id) OR user_id = app_user_id()
      OR (user_id IS NULL AND lower(invited_email) = app_user_email()))));
-- Owners and admins add members and invitations; the workspace's owner writes its own first row.
CREATE POLICY members_insert ON workspace_members FOR INSERT WITH CHECK (
  workspace_id = app_workspace_id()
  AND (role <> 'owner' OR user_id = app_workspace_owner(workspace_id))
  AND (app_has_role(workspace_id, ARRAY['owner', 'admin'])
       OR (user_id = app_user_id() AND role = 'owner' AND app_workspace_owner(workspace_id) = app_user_id())));
-- Owners and admins change roles; an invitee claims the invitation addressed to their email.
CREATE POLICY members_update ON workspace_members FOR UPDATE
  USING (workspace_id = app_workspace_id() AND (app_has_role(workspace_id, ARRAY['owner', 'admin'])
    OR (user_id IS NULL AND lower(invited_email) = app_user_email())))
  WITH CHECK (workspace_id = app_workspace_id()
    AND (role <> 'owner' OR user_id = app_workspace_owner(workspace_id))
    AND (app_has_role(workspace_id, ARRAY['owner', 'admin']) OR user_id = app_user_id()));
-- Owners and admins remove others, anyone may leave; the owner's row goes only with the workspace.
CREATE POLICY members_delete ON workspace_members FOR DELETE
  USING (workspace_id = app_workspace_id() AND role <> 'owner'
    AND (app_has_role(workspace_id, ARRAY['owner', 'admin']) OR user_id = app_user_id()));
REVOKE UPDATE ON workspace_members FROM vuka_app;
GRANT UPDATE (user_id, role, joined_at, invite_token_hash, invited_by, is_active, permissions, metadata)
  ON workspace_members TO vuka_app;
CREATE UNIQUE INDEX workspace_members_invite_token ON workspace_members (invite_token_hash)
  WHERE invite_token_hash IS NOT NULL;

-- Messages from the public contact form (spec §2 Contact page). Not workspace data: written by the server.
CREATE TABLE contact_messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  ip text,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
