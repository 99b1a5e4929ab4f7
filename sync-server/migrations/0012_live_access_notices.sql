-- A live socket must not outlive its session or its membership. Each instance LISTENs on
-- vuka_access (sync-server/live/live.ts) and closes the sockets of a session that ended, or stops
-- sending a workspace's notices to a user who left it. The NOTIFYs are triggers rather than calls in
-- the services because sessions end in many places (logout, refresh-token reuse, password reset and
-- change, social sign-in that drops a password, account deletion) and memberships in several
-- (removal, leaving, workspace or account deletion); a trigger misses none, and NOTIFY is delivered
-- only when the transaction that ended them commits.

CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
  PERFORM pg_notify('vuka_access', json_build_object('kind', 'session_ended', 'family', NEW.family_id)::text);
  RETURN NULL;
END
$$;

-- Only the change that revokes: a refresh marks tokens used, which ends nothing.
CREATE TRIGGER refresh_tokens_revoked AFTER UPDATE OF revoked_at ON refresh_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION notify_session_ended();

CREATE FUNCTION notify_user_deleted() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
  PERFORM pg_notify('vuka_access', json_build_object('kind', 'user_deleted', 'user', OLD.id)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_deleted();

CREATE FUNCTION notify_member_removed() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
  PERFORM pg_notify('vuka_access',
    json_build_object('kind', 'member_removed', 'workspace', OLD.workspace_id, 'user', OLD.user_id)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER workspace_members_removed AFTER DELETE ON workspace_members
  FOR EACH ROW WHEN (OLD.user_id IS NOT NULL AND OLD.is_active)
  EXECUTE FUNCTION notify_member_removed();

CREATE TRIGGER workspace_members_deactivated AFTER UPDATE OF is_active, user_id ON workspace_members
  FOR EACH ROW WHEN (OLD.user_id IS NOT NULL AND OLD.is_active
    AND (NOT NEW.is_active OR NEW.user_id IS DISTINCT FROM OLD.user_id))
  EXECUTE FUNCTION notify_member_removed();
