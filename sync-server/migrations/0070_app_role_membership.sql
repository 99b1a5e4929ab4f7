-- Every request runs as vuka_app (SET LOCAL ROLE), which the login role can do only as its member.
-- A superuser always can; a database owner that is not one is made a member here, which needs
-- CREATEROLE (or the grant made beforehand by an administrator: README "Deploy").
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'vuka_app', 'MEMBER') THEN
    EXECUTE format('GRANT vuka_app TO %I', current_user);
  END IF;
END
$$;
