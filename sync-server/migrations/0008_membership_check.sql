-- Row-level security asks app_is_member() once in every statement on a workspace table. As a SQL
-- function with its own search_path it cannot be inlined, so Postgres planned its lookup again in
-- each statement; in PL/pgSQL the plan is kept for the life of the connection. Same rule, same
-- result: the caller is an active member of the workspace.
CREATE OR REPLACE FUNCTION app_is_member(ws integer) RETURNS boolean LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS
$$
BEGIN
  RETURN EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = ws AND m.user_id = app_user_id() AND m.is_active);
END
$$;

CREATE OR REPLACE FUNCTION app_member_role(ws integer) RETURNS text LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS
$$
BEGIN
  RETURN (SELECT m.role FROM workspace_members m WHERE m.workspace_id = ws AND m.user_id = app_user_id() AND m.is_active);
END
$$;
