import type { ContentStatus, ContentType } from '../../../schema/content/content.js';
import { pictureTypes } from '../../../schema/pictures/pictures.js';
import type { Queryable } from '../../db/db.js';

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

export interface EntryRow {
  workspace_id: number;
  id: string;
  type: ContentType;
  status: ContentStatus;
  title: string;
  slug: string;
  body: string;
  excerpt: string;
  seo_title: string;
  seo_description: string;
  tags: string[];
  category_id: string | null;
  cover_file_id: string | null;
  author_id: number | null;
  author_name: string;
  published_at: Date | string | null;
  scheduled_at: Date | string | null;
  magazine_slug: string | null;
  featured_at: Date | string | null;
  updated_at: Date | string;
}

const ENTRY_ROWS = `SELECT e.workspace_id, e.id, e.type, e.status, e.title, e.slug, e.body, e.excerpt, e.seo_title, e.seo_description,
         e.tags, e.category_id, e.cover_file_id, e.author_id, e.author_name, e.published_at, e.scheduled_at,
         e.magazine_slug, e.featured_at, e.updated_at
    FROM content_entries e`;

export function entryDto(r: EntryRow) {
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    title: r.title,
    slug: r.slug,
    body: r.body,
    excerpt: r.excerpt,
    seo_title: r.seo_title,
    seo_description: r.seo_description,
    tags: r.tags,
    category_id: r.category_id,
    cover_file_id: r.cover_file_id,
    author_name: r.author_name || null,
    published_at: isoOrNull(r.published_at),
    scheduled_at: isoOrNull(r.scheduled_at),
    magazine_path: r.status === 'published' && r.type === 'article' && r.magazine_slug ? `/magazine/article/${r.magazine_slug}` : null,
    updated_at: iso(r.updated_at),
  };
}

// ---- The workspace's side (scoped) ----

export async function listEntries(q: Queryable, ws: number, f: { status?: ContentStatus; type?: ContentType }): Promise<EntryRow[]> {
  return q.query<EntryRow>(
    `${ENTRY_ROWS} WHERE e.workspace_id = $1 AND ($2::text IS NULL OR e.status = $2) AND ($3::text IS NULL OR e.type = $3)
      ORDER BY e.updated_at DESC, e.id LIMIT 500`,
    [ws, f.status ?? null, f.type ?? null],
  );
}

export async function findEntry(q: Queryable, ws: number, id: string): Promise<EntryRow | undefined> {
  const [row] = await q.query<EntryRow>(`${ENTRY_ROWS} WHERE e.workspace_id = $1 AND e.id = $2`, [ws, id]);
  return row;
}

/** Whether another entry of the workspace has `slug`. */
export async function slugTaken(q: Queryable, ws: number, slug: string, exceptId: string): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM content_entries WHERE workspace_id = $1 AND slug = $2 AND id <> $3`, [ws, slug, exceptId]);
  return rows.length > 0;
}

export interface EntryFields {
  type: ContentType;
  status: ContentStatus;
  title: string;
  slug: string;
  body: string;
  excerpt: string;
  seo_title: string;
  seo_description: string;
  tags: string[];
  category_id: string | null;
  cover_file_id: string | null;
  published_at: Date | string | null;
  scheduled_at: Date | string | null;
}

export async function insertEntry(
  q: Queryable,
  ws: number,
  id: string,
  author: { id: number; name: string },
  f: EntryFields,
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO content_entries (workspace_id, id, type, status, title, slug, body, excerpt, seo_title, seo_description, tags,
       category_id, cover_file_id, author_id, author_name, published_at, scheduled_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18)`,
    [
      ws,
      id,
      f.type,
      f.status,
      f.title,
      f.slug,
      f.body,
      f.excerpt,
      f.seo_title,
      f.seo_description,
      f.tags,
      f.category_id,
      f.cover_file_id,
      author.id,
      author.name,
      f.published_at,
      f.scheduled_at,
      now,
    ],
  );
}

export async function updateEntry(q: Queryable, ws: number, id: string, f: EntryFields, now: Date): Promise<void> {
  await q.query(
    `UPDATE content_entries SET type = $3, status = $4, title = $5, slug = $6, body = $7, excerpt = $8, seo_title = $9,
       seo_description = $10, tags = $11, category_id = $12, cover_file_id = $13, published_at = $14, scheduled_at = $15,
       updated_at = $16
      WHERE workspace_id = $1 AND id = $2`,
    [
      ws,
      id,
      f.type,
      f.status,
      f.title,
      f.slug,
      f.body,
      f.excerpt,
      f.seo_title,
      f.seo_description,
      f.tags,
      f.category_id,
      f.cover_file_id,
      f.published_at,
      f.scheduled_at,
      now,
    ],
  );
}

/**
 * Gives a published article its magazine address once: its own slug when no other article has it,
 * else the slug with the start of its id (slugs are unique per workspace, the magazine spans all).
 */
export async function assignMagazineSlug(q: Queryable, ws: number, id: string): Promise<void> {
  await q.query(
    `UPDATE content_entries e
        SET magazine_slug = CASE WHEN EXISTS (SELECT 1 FROM content_entries o WHERE o.magazine_slug = e.slug)
                                 THEN e.slug || '-' || substr(replace(e.id::text, '-', ''), 1, 8) ELSE e.slug END
      WHERE e.workspace_id = $1 AND e.id = $2 AND e.magazine_slug IS NULL AND e.type = 'article' AND e.status = 'published'`,
    [ws, id],
  );
}

/**
 * Whether `fileId` is a picture in the workspace's drive (not in the bin): an image the magazine can
 * size and serve, not any `image/*` the drive keeps (an SVG would leave the article without a cover).
 */
export async function isDrivePicture(q: Queryable, ws: number, fileId: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM drive_files WHERE workspace_id = $1 AND id = $2 AND trashed_at IS NULL AND mime_type = ANY($3::text[])`,
    [ws, fileId, [...pictureTypes]],
  );
  return rows.length > 0;
}

export interface CategoryRow {
  id: string;
  name: string;
  slug: string;
}

export async function listCategories(q: Queryable, ws: number): Promise<CategoryRow[]> {
  return q.query<CategoryRow>(`SELECT id, name, slug FROM content_categories WHERE workspace_id = $1 ORDER BY name, id`, [ws]);
}

export async function findCategory(q: Queryable, ws: number, id: string): Promise<CategoryRow | undefined> {
  const [row] = await q.query<CategoryRow>(`SELECT id, name, slug FROM content_categories WHERE workspace_id = $1 AND id = $2`, [ws, id]);
  return row;
}

/** Inserts a category; false when the workspace already has one with that slug. */
export async function insertCategory(q: Queryable, ws: number, c: CategoryRow): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO content_categories (workspace_id, id, name, slug) VALUES ($1, $2, $3, $4)
     ON CONFLICT (workspace_id, slug) DO NOTHING RETURNING id`,
    [ws, c.id, c.name, c.slug],
  );
  return rows.length > 0;
}

/** The account's name for a new entry's byline (read as owner: the scope cannot read accounts). */
export async function authorName(q: Queryable, userId: number): Promise<string> {
  const [row] = await q.query<{ full_name: string | null }>('SELECT full_name FROM users WHERE id = $1', [userId]);
  return (row?.full_name ?? '').trim().slice(0, 200);
}
