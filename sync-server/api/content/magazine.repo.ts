import type { Queryable } from '../../db/db.js';

/**
 * The magazine's SQL: published articles of every workspace, read as owner (anyone may read them),
 * and the scheduled-publishing sweep.
 */

export interface ArticleRow {
  workspace_id: number;
  id: string;
  magazine_slug: string;
  title: string;
  excerpt: string;
  body: string;
  seo_title: string;
  seo_description: string;
  tags: string[];
  category: string | null;
  category_slug: string | null;
  author_name: string;
  workspace_name: string;
  cover_file_id: string | null;
  published_at: Date | string;
  featured_at: Date | string | null;
  updated_at: Date | string;
}

const ARTICLES = `SELECT e.workspace_id, e.id, e.magazine_slug, e.title, e.excerpt, e.body, e.seo_title, e.seo_description, e.tags,
         c.name AS category, c.slug AS category_slug, e.author_name, w.name AS workspace_name, e.cover_file_id,
         e.published_at, e.featured_at, e.updated_at
    FROM content_entries e
    JOIN workspaces w ON w.id = e.workspace_id
    LEFT JOIN content_categories c ON c.workspace_id = e.workspace_id AND c.id = e.category_id
   WHERE e.status = 'published' AND e.type = 'article' AND e.magazine_slug IS NOT NULL AND e.title <> ''`;

/** Published articles, newest first, of one category (by slug) or author (by name) when asked. */
export async function articles(q: Queryable, f: { category?: string; author?: string }, limit = 60): Promise<ArticleRow[]> {
  return q.query<ArticleRow>(
    `${ARTICLES} AND ($1::text IS NULL OR c.slug = $1) AND ($2::text IS NULL OR lower(coalesce(nullif(e.author_name, ''), w.name)) = lower($2))
      ORDER BY e.published_at DESC, e.id LIMIT $3`,
    [f.category ?? null, f.author ?? null, limit],
  );
}

/** The articles the admins put on the front, most recently featured first. */
export async function featured(q: Queryable, limit = 6): Promise<ArticleRow[]> {
  return q.query<ArticleRow>(`${ARTICLES} AND e.featured_at IS NOT NULL ORDER BY e.featured_at DESC, e.id LIMIT $1`, [limit]);
}

/** The categories that have a published article, by name (one entry per slug across workspaces). */
export async function shownCategories(q: Queryable): Promise<{ slug: string; name: string }[]> {
  return q.query<{ slug: string; name: string }>(
    `SELECT DISTINCT ON (c.slug) c.slug, c.name
       FROM content_entries e JOIN content_categories c ON c.workspace_id = e.workspace_id AND c.id = e.category_id
      WHERE e.status = 'published' AND e.type = 'article' AND e.magazine_slug IS NOT NULL
      ORDER BY c.slug, c.name`,
  );
}

export async function article(q: Queryable, slug: string): Promise<ArticleRow | undefined> {
  const [row] = await q.query<ArticleRow>(`${ARTICLES} AND e.magazine_slug = $1`, [slug]);
  return row;
}

/** Features an article on the front, or takes it off; false when no published article has the slug. */
export async function setFeatured(q: Queryable, slug: string, at: Date | null): Promise<boolean> {
  const rows = await q.query(
    `UPDATE content_entries SET featured_at = $2
      WHERE magazine_slug = $1 AND status = 'published' AND type = 'article' RETURNING id`,
    [slug, at],
  );
  return rows.length > 0;
}

export async function sitemapArticles(q: Queryable): Promise<{ magazine_slug: string; updated_at: Date | string }[]> {
  return q.query<{ magazine_slug: string; updated_at: Date | string }>(
    `SELECT e.magazine_slug, e.updated_at FROM content_entries e
      WHERE e.status = 'published' AND e.type = 'article' AND e.magazine_slug IS NOT NULL AND e.title <> ''
      ORDER BY e.published_at DESC LIMIT 5000`,
  );
}

/**
 * Publishes every entry whose time has come (unscoped: the sweep serves every workspace). The
 * status test makes a second run, here or on another instance, find nothing.
 */
export async function publishDue(q: Queryable, now: Date): Promise<{ workspace_id: number; id: string }[]> {
  return q.query<{ workspace_id: number; id: string }>(
    `UPDATE content_entries
        SET status = 'published', published_at = scheduled_at, scheduled_at = NULL, updated_at = $1
      WHERE scheduled_at IS NOT NULL AND scheduled_at <= $1 AND status IN ('draft', 'review') AND title <> ''
      RETURNING workspace_id, id`,
    [now],
  );
}
