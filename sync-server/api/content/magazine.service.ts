import { byline, contentMessages as msg, summaryOf, type MagazineArticle, type MagazineCard } from '../../../schema/content/content.js';
import type { AppDeps } from '../../deps.js';
import { forbidden, notFound } from '../../http/errors.js';
import { getFile, type FileRow } from '../drive/index.js';
import * as repo from './magazine.repo.js';
import * as users from '../auth/users.repo.js';

const iso = (v: Date | string) => new Date(v).toISOString();

export function cardOf(r: repo.ArticleRow): MagazineCard {
  return {
    slug: r.magazine_slug,
    title: r.title,
    excerpt: summaryOf(r.excerpt, r.body),
    category: r.category,
    category_slug: r.category_slug,
    author_name: byline(r.author_name, r.workspace_name),
    published_at: iso(r.published_at),
    has_cover: r.cover_file_id !== null,
    featured: r.featured_at !== null,
  };
}

export function articleOf(r: repo.ArticleRow): MagazineArticle {
  return {
    ...cardOf(r),
    body: r.body,
    seo_title: r.seo_title,
    seo_description: r.seo_description,
    tags: r.tags,
    workspace_name: r.workspace_name,
    updated_at: iso(r.updated_at),
  };
}

/** The magazine's front: what the admins featured, then every published article (filtered when asked). */
export async function front(deps: AppDeps, query: { category?: string; author?: string }, userId: number | null) {
  const [featured, articles, categories, curator] = await Promise.all([
    query.category || query.author ? Promise.resolve([]) : repo.featured(deps.db),
    repo.articles(deps.db, query),
    repo.shownCategories(deps.db),
    userId === null ? Promise.resolve(false) : users.isAdmin(deps.db, userId),
  ]);
  return { featured: featured.map(cardOf), articles: articles.map(cardOf), categories, can_curate: curator };
}

export async function article(deps: AppDeps, slug: string): Promise<MagazineArticle> {
  const row = await repo.article(deps.db, slug);
  if (!row) throw notFound(msg.articleNotFound);
  return articleOf(row);
}

/** The drive file behind a published article's cover (404 when it has none, or it is gone). */
export async function cover(deps: AppDeps, slug: string): Promise<FileRow> {
  const row = await repo.article(deps.db, slug);
  const file = row?.cover_file_id ? await getFile(deps.db, row.workspace_id, row.cover_file_id) : undefined;
  if (!file || file.trashed_at) throw notFound('This picture is no longer available');
  return file;
}

/** An admin puts an article on the magazine's front, or takes it off (the editorial role, issue 22). */
export async function feature(deps: AppDeps, userId: number, slug: string, featured: boolean) {
  if (!(await users.isAdmin(deps.db, userId))) throw forbidden(msg.adminsOnly);
  if (!(await repo.setFeatured(deps.db, slug, featured ? deps.now() : null))) throw notFound(msg.articleNotFound);
  return { message: featured ? 'On the magazine’s front' : 'Taken off the front' };
}
