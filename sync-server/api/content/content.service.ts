import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  contentMessages as msg,
  slugOf,
  type ContentEntryDto,
  type contentCreate,
  type contentPatch,
  type contentQuery,
} from '../../../schema/content/content.js';
import { withScope, type Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import * as repo from './content.repo.js';

/** A signed-in member of the workspace the request names (checked by the routes). */
export interface ContentCaller {
  userId: number;
  workspaceId: number;
}

type Create = z.output<typeof contentCreate>;
type Patch = z.output<typeof contentPatch>;

function scoped<T>(deps: AppDeps, c: ContentCaller, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return withScope(deps.db, { userId: c.userId, workspaceId: c.workspaceId }, fn);
}

const fieldError = (field: string, message: string) => badRequest(message, { errors: { [field]: [message] } });

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
}

/** The slug an untitled entry gets until it has a title. */
const placeholderSlug = (id: string) => `entry-${id.replace(/-/g, '').slice(0, 8)}`;

/** The title's slug, numbered when the workspace already has it. */
async function freeSlugFor(q: Queryable, ws: number, id: string, title: string): Promise<string> {
  const base = slugOf(title) || placeholderSlug(id);
  for (let n = 1; n < 50; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 95).replace(/-+$/, '')}-${n}`;
    if (!(await repo.slugTaken(q, ws, candidate, id))) return candidate;
  }
  return `${base.slice(0, 90).replace(/-+$/, '')}-${id.slice(0, 8)}`;
}

/**
 * The entry after a change, with the rules of publishing applied: a published entry has a title
 * and no schedule; a schedule is in the future and its entry titled; an explicit slug is the
 * writer's and refused when taken; a slug left out follows the title.
 */
async function nextFields(
  q: Queryable,
  deps: AppDeps,
  c: ContentCaller,
  id: string,
  current: repo.EntryRow | undefined,
  change: Patch,
): Promise<repo.EntryFields> {
  const now = deps.now();
  const title = change.title ?? current?.title ?? '';
  const status = change.status ?? current?.status ?? 'draft';
  let slug: string;
  if (change.slug !== undefined) {
    if (await repo.slugTaken(q, c.workspaceId, change.slug, id)) throw fieldError('slug', msg.slugTaken);
    slug = change.slug;
  } else if (!current || current.slug === placeholderSlug(id)) {
    slug = title ? await freeSlugFor(q, c.workspaceId, id, title) : placeholderSlug(id);
  } else {
    slug = current.slug;
  }

  let scheduledAt: Date | string | null = change.scheduled_at !== undefined ? change.scheduled_at : (current?.scheduled_at ?? null);
  if (status === 'published') {
    if (!title) throw fieldError('title', msg.titleToPublish);
    if (change.scheduled_at) throw fieldError('scheduled_at', msg.scheduledPublished);
    scheduledAt = null;
  } else if (status === 'archived') {
    scheduledAt = null;
  } else if (scheduledAt !== null) {
    if (change.scheduled_at && new Date(change.scheduled_at).getTime() <= now.getTime()) {
      throw fieldError('scheduled_at', msg.scheduleInPast);
    }
    if (!title) throw fieldError('title', msg.titleToSchedule);
  }

  const categoryId = change.category_id !== undefined ? change.category_id : (current?.category_id ?? null);
  if (change.category_id && !(await repo.findCategory(q, c.workspaceId, change.category_id))) {
    throw fieldError('category_id', msg.categoryNotFound);
  }
  const coverId = change.cover_file_id !== undefined ? change.cover_file_id : (current?.cover_file_id ?? null);
  if (change.cover_file_id && !(await repo.isDrivePicture(q, c.workspaceId, change.cover_file_id))) {
    throw fieldError('cover_file_id', msg.coverNotPicture);
  }

  return {
    type: change.type ?? current?.type ?? 'article',
    status,
    title,
    slug,
    body: change.body ?? current?.body ?? '',
    excerpt: change.excerpt ?? current?.excerpt ?? '',
    seo_title: change.seo_title ?? current?.seo_title ?? '',
    seo_description: change.seo_description ?? current?.seo_description ?? '',
    tags: change.tags ?? current?.tags ?? [],
    category_id: categoryId,
    cover_file_id: coverId,
    // The first publication's date stays: an article edited later keeps its date.
    published_at: status === 'published' ? (current?.published_at ?? now) : (current?.published_at ?? null),
    scheduled_at: scheduledAt,
  };
}

async function ownEntry(q: Queryable, c: ContentCaller, id: string): Promise<repo.EntryRow> {
  const row = await repo.findEntry(q, c.workspaceId, id);
  if (!row) throw notFound(msg.notFound);
  return row;
}

/** A slug taken between the look and the write answers like one taken before. */
async function slugSafe<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg.slugTaken, { errors: { slug: [msg.slugTaken] } });
    throw err;
  }
}

/**
 * A published article's magazine address, given once. As owner: the address is unique across every
 * workspace, which the workspace's scope cannot see. Two articles taking one address at the same
 * moment: the second try sees the first and takes the longer form.
 */
async function withMagazineSlug(deps: AppDeps, c: ContentCaller, row: repo.EntryRow): Promise<ContentEntryDto> {
  if (row.status !== 'published' || row.type !== 'article' || row.magazine_slug) return repo.entryDto(row);
  for (let attempt = 0; ; attempt++) {
    try {
      await repo.assignMagazineSlug(deps.db, c.workspaceId, row.id);
      break;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt > 0) throw err;
    }
  }
  return getEntry(deps, c, row.id);
}

export async function listEntries(deps: AppDeps, c: ContentCaller, query: z.output<typeof contentQuery>) {
  const rows = await scoped(deps, c, (q) => repo.listEntries(q, c.workspaceId, query));
  return { entries: rows.map((r) => repo.entryDto(r)) };
}

export async function getEntry(deps: AppDeps, c: ContentCaller, id: string): Promise<ContentEntryDto> {
  return repo.entryDto(await scoped(deps, c, (q) => ownEntry(q, c, id)));
}

export async function createEntry(deps: AppDeps, c: ContentCaller, body: Create): Promise<ContentEntryDto> {
  const id = randomUUID();
  const author = { id: c.userId, name: await repo.authorName(deps.db, c.userId) };
  const row = await slugSafe(() =>
    scoped(deps, c, async (q) => {
      const fields = await nextFields(q, deps, c, id, undefined, body);
      await repo.insertEntry(q, c.workspaceId, id, author, fields, deps.now());
      return ownEntry(q, c, id);
    }),
  );
  return withMagazineSlug(deps, c, row);
}

export async function updateEntry(deps: AppDeps, c: ContentCaller, id: string, body: Patch): Promise<ContentEntryDto> {
  const row = await slugSafe(() =>
    scoped(deps, c, async (q) => {
      const current = await ownEntry(q, c, id);
      const fields = await nextFields(q, deps, c, id, current, body);
      await repo.updateEntry(q, c.workspaceId, id, fields, deps.now());
      return ownEntry(q, c, id);
    }),
  );
  return withMagazineSlug(deps, c, row);
}

export async function listCategories(deps: AppDeps, c: ContentCaller) {
  return { categories: await scoped(deps, c, (q) => repo.listCategories(q, c.workspaceId)) };
}

export async function createCategory(deps: AppDeps, c: ContentCaller, name: string) {
  const slug = slugOf(name);
  if (!slug) throw fieldError('name', 'A category name needs a letter or a digit');
  const category = { id: randomUUID(), name, slug };
  const made = await scoped(deps, c, (q) => repo.insertCategory(q, c.workspaceId, category));
  if (!made) throw conflict(msg.categoryTaken, { errors: { name: [msg.categoryTaken] } });
  return category;
}
