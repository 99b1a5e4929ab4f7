-- The drive (spec §3 "Drive and dashboard", DESIGN.md §9): folders, files and share links, one
-- workspace each. The bytes live in the storage adapter (sync-server/files/storage.ts) under a key
-- built from ids only; a row names its key so a driver change never renames a file.

CREATE TABLE drive_folders (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  parent_id uuid,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when the folder goes to the trash with everything in it; purged with its files after 30 days.
  deleted_at timestamptz,
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, parent_id) REFERENCES drive_folders (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX drive_folders_parent ON drive_folders (workspace_id, parent_id);

CREATE TABLE drive_files (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  folder_id uuid,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  mime_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  sha256 char(64) NOT NULL,
  storage_key text NOT NULL,
  thumbnail_key text,
  uploaded_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  trashed_at timestamptz,
  PRIMARY KEY (workspace_id, id),
  -- A file whose folder is purged goes with it (the purge deletes its bytes first).
  FOREIGN KEY (workspace_id, folder_id) REFERENCES drive_folders (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX drive_files_folder ON drive_files (workspace_id, folder_id);
CREATE INDEX drive_files_trashed ON drive_files (trashed_at) WHERE trashed_at IS NOT NULL;

-- A share link is known to its holder only: the table keeps the SHA-256 of the token, never the token.
CREATE TABLE drive_share_links (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  token_hash char(64) NOT NULL UNIQUE,
  file_id uuid NOT NULL,
  expires_at timestamptz,
  revoked_at timestamptz,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, file_id) REFERENCES drive_files (workspace_id, id) ON DELETE CASCADE
);

SELECT app_enable_workspace_rls('drive_folders', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT app_enable_workspace_rls('drive_files', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT app_enable_workspace_rls('drive_share_links', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
