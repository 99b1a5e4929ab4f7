-- The content area and the magazine (spec §3 "Content and classifieds", issue 22): a workspace's
-- entries (posts, pages, product copy, articles) with their categories. Published articles are read by
-- anyone on /magazine, under a slug unique across every workspace (`magazine_slug`, given when an
-- article is first published); the admins feature some on the magazine's front (`featured_at`).

CREATE TABLE content_categories (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  slug text NOT NULL CHECK (length(slug) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, slug)
);

CREATE TABLE content_entries (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  type text NOT NULL DEFAULT 'article' CHECK (type IN ('post', 'page', 'product', 'article')),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'review', 'published', 'archived')),
  title text NOT NULL DEFAULT '' CHECK (length(title) <= 200),
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
  -- Sanitised on the server to an allow-list of tags (schema/rich-text.ts) before it is stored.
  body text NOT NULL DEFAULT '' CHECK (length(body) <= 400000),
  excerpt text NOT NULL DEFAULT '' CHECK (length(excerpt) <= 500),
  seo_title text NOT NULL DEFAULT '' CHECK (length(seo_title) <= 70),
  seo_description text NOT NULL DEFAULT '' CHECK (length(seo_description) <= 160),
  tags text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 20),
  category_id uuid,
  cover_file_id uuid,
  author_id integer REFERENCES users(id) ON DELETE SET NULL,
  -- The byline as it was when the entry was made (the workspace's scope cannot read accounts).
  author_name text NOT NULL DEFAULT '' CHECK (length(author_name) <= 200),
  published_at timestamptz,
  scheduled_at timestamptz,
  magazine_slug text UNIQUE,
  featured_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, slug),
  FOREIGN KEY (workspace_id, category_id) REFERENCES content_categories (workspace_id, id) ON DELETE SET NULL (category_id)
);
CREATE UNIQUE INDEX content_entries_id ON content_entries (id);
CREATE INDEX content_entries_list ON content_entries (workspace_id, updated_at DESC);
CREATE INDEX content_entries_magazine ON content_entries (published_at DESC) WHERE status = 'published' AND type = 'article';
CREATE INDEX content_entries_scheduled ON content_entries (scheduled_at) WHERE scheduled_at IS NOT NULL;

SELECT app_enable_workspace_rls('content_categories', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT app_enable_workspace_rls('content_entries', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
