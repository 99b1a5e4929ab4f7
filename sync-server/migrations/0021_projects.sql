-- Projects (spec §3 "Projects and planner", DESIGN.md §6). A project's board, descriptions, chat,
-- standups and noticeboard live in one Yjs document; the rows here are who may open it, the
-- document's updates, and what the materialiser reads out of it for the planner, dashboard and search.

CREATE TABLE projects (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('planning', 'active', 'on_hold', 'completed', 'cancelled')),
  priority text NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);

CREATE TABLE project_members (
  workspace_id integer NOT NULL,
  project_id uuid NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'member')),
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, project_id, user_id),
  FOREIGN KEY (workspace_id, project_id) REFERENCES projects (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX project_members_user ON project_members (user_id);

-- The updates of every Yjs document of a workspace, appended as they arrive. Yjs updates commute,
-- so their order here does not matter: compaction replaces many rows by one merged update.
CREATE TABLE yjs_updates (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  doc text NOT NULL CHECK (length(doc) <= 120),
  id bigserial NOT NULL,
  update bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, doc, id)
);

-- A project's tasks as the document last said, for queries that cannot open documents.
CREATE TABLE project_tasks (
  workspace_id integer NOT NULL,
  project_id uuid NOT NULL,
  id uuid NOT NULL,
  title text NOT NULL,
  status text NOT NULL CHECK (status IN ('todo', 'in_progress', 'in_review', 'completed', 'cancelled')),
  priority text NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
  sort_order text NOT NULL,
  assignee_id integer,
  reporter_id integer,
  labels text[] NOT NULL DEFAULT '{}',
  due_date date,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, project_id, id),
  FOREIGN KEY (workspace_id, project_id) REFERENCES projects (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX project_tasks_due ON project_tasks (workspace_id, due_date) WHERE due_date IS NOT NULL;

SELECT app_enable_workspace_rls('projects', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT app_enable_workspace_rls('project_members', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT app_enable_workspace_rls('yjs_updates', NULL, ARRAY['SELECT', 'INSERT', 'DELETE']);
SELECT app_enable_workspace_rls('project_tasks', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
GRANT USAGE ON SEQUENCE yjs_updates_id_seq TO vuka_app;

-- A project member's open document sockets close when they leave the project, on every instance.
CREATE FUNCTION notify_project_member_removed() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
  PERFORM pg_notify('vuka_yjs_access',
    json_build_object('workspace', OLD.workspace_id, 'project', OLD.project_id, 'user', OLD.user_id)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER project_members_removed AFTER DELETE ON project_members
  FOR EACH ROW EXECUTE FUNCTION notify_project_member_removed();
