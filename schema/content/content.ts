import { z } from 'zod';
import { instant, text } from '../kit/input.js';
import { plainText, sanitizeRichText } from '../kit/rich-text.js';

/** spec §3 "Content and classifieds": content_entries' types and statuses, verbatim. */
export const contentTypes = ['post', 'page', 'product', 'article'] as const;
export type ContentType = (typeof contentTypes)[number];
export const contentStatuses = ['draft', 'review', 'published', 'archived'] as const;
export type ContentStatus = (typeof contentStatuses)[number];

export const contentTypeLabels: Record<ContentType, string> = { post: 'Post', page: 'Page', product: 'Product', article: 'Article' };
export const contentStatusLabels: Record<ContentStatus, string> = {
  draft: 'Draft',
  review: 'Review',
  published: 'Published',
  archived: 'Archived',
};

export const MAX_BODY_CHARS = 200_000;
export const MAX_TAGS = 20;
/** Search engines cut titles near 60 characters and descriptions near 160. */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 160;

/** What a person is told when an entry or a category is refused. */
export const contentMessages = {
  titleToPublish: 'Give the entry a title before publishing it',
  titleToSchedule: 'Give the entry a title before scheduling it',
  slugTaken: 'This slug is already used by another entry in this workspace: choose another',
  slugShape: 'A slug uses lowercase letters, digits and dashes only',
  notFound: 'This entry does not exist',
  categoryNotFound: 'This category does not exist in this workspace',
  categoryTaken: 'A category with this name already exists',
  categoryName: 'Give the category a name',
  coverNotPicture: 'The cover must be a picture in your drive',
  scheduleInPast: 'Choose a publishing time in the future',
  scheduledPublished: 'A published entry needs no schedule',
  articleNotFound: 'This article does not exist or is no longer published',
  adminsOnly: 'Only Vuka admins can choose the magazine’s front',
  tooManyTags: `An entry can have at most ${MAX_TAGS} tags`,
  offline: 'You are offline. Your draft is kept on this device and is saved when you are back online.',
} as const;

/** "Mama Ngozi's new stall!" → "mama-ngozis-new-stall" (empty when no latin letter or digit is left). */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/g, '');
}

/** Empty text sent for an optional field means "not given". */
const absentIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const contentEntryId = z.uuid();
export const contentCategoryId = z.uuid();
/** The longest title an entry may have. */
export const TITLE_MAX = 200;
const title = text(TITLE_MAX).trim();
const slug = text(100)
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, contentMessages.slugShape);
/** The body as the editor sends it; the server keeps only its allow-listed part. */
const body = text(MAX_BODY_CHARS).transform(sanitizeRichText);
const tag = text(40)
  .trim()
  .min(1, 'A tag cannot be empty')
  .transform((t) => t.toLowerCase());
const tags = z
  .array(tag)
  .max(MAX_TAGS, contentMessages.tooManyTags)
  .transform((list) => [...new Set(list)]);

/** What the writer sends when making an entry (all but the type may be filled in later). */
export const contentCreate = z.object({
  type: z.enum(contentTypes, { error: 'Choose post, page, product or article' }).default('article'),
  title: title.default(''),
  slug: z.preprocess(absentIfEmpty, slug.optional()),
  body: body.default(''),
  excerpt: text(500).trim().default(''),
  seo_title: text(SEO_TITLE_MAX).trim().default(''),
  seo_description: text(SEO_DESCRIPTION_MAX).trim().default(''),
  tags: tags.default([]),
  category_id: contentCategoryId.nullable().default(null),
  cover_file_id: z.uuid().nullable().default(null),
  status: z.enum(contentStatuses).default('draft'),
  scheduled_at: instant.nullable().default(null),
});

/** What the writer may change; publishing needs a title, scheduling a time ahead. */
export const contentPatch = z.object({
  type: z.enum(contentTypes).optional(),
  title: title.optional(),
  slug: z.preprocess(absentIfEmpty, slug.optional()),
  body: body.optional(),
  excerpt: text(500).trim().optional(),
  seo_title: text(SEO_TITLE_MAX).trim().optional(),
  seo_description: text(SEO_DESCRIPTION_MAX).trim().optional(),
  tags: tags.optional(),
  category_id: contentCategoryId.nullable().optional(),
  cover_file_id: z.uuid().nullable().optional(),
  status: z.enum(contentStatuses).optional(),
  scheduled_at: instant.nullable().optional(),
});

export const contentQuery = z.object({
  status: z.enum(contentStatuses).optional(),
  type: z.enum(contentTypes).optional(),
});

export const contentEntryDto = z.object({
  id: z.string(),
  type: z.enum(contentTypes),
  status: z.enum(contentStatuses),
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  excerpt: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  tags: z.array(z.string()),
  category_id: z.string().nullable(),
  cover_file_id: z.string().nullable(),
  author_name: z.string().nullable(),
  published_at: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  /** The public address of a published article (its magazine slug), else null. */
  magazine_path: z.string().nullable(),
  updated_at: z.string(),
});
export type ContentEntryDto = z.infer<typeof contentEntryDto>;
export const contentEntryList = z.object({ entries: z.array(contentEntryDto.omit({ body: true })) });

export const contentCategoryCreate = z.object({ name: text(60).trim().min(1, contentMessages.categoryName) });
export const contentCategoryDto = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export const contentCategoryList = z.object({ categories: z.array(contentCategoryDto) });

// ---- The public magazine ----

export const magazineSlug = text(120).regex(/^[a-z0-9-]+$/, 'Not an article address');

export const magazineQuery = z.object({
  category: z.preprocess(absentIfEmpty, text(100).trim().optional()),
  author: z.preprocess(absentIfEmpty, text(100).trim().optional()),
});

export const magazineCard = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.string().nullable(),
  category_slug: z.string().nullable(),
  author_name: z.string(),
  published_at: z.string(),
  has_cover: z.boolean(),
  featured: z.boolean(),
});
export type MagazineCard = z.infer<typeof magazineCard>;

export const magazineFront = z.object({
  featured: z.array(magazineCard),
  articles: z.array(magazineCard),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  /** Whether the reader may feature articles on the front (Vuka's admins). */
  can_curate: z.boolean(),
});

export const magazineArticle = magazineCard.extend({
  body: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  tags: z.array(z.string()),
  workspace_name: z.string(),
  updated_at: z.string(),
});
export type MagazineArticle = z.infer<typeof magazineArticle>;

export const featureBody = z.object({ featured: z.boolean() });

/** The author's byline: their full name, else the workspace's. */
export function byline(authorName: string | null, workspaceName: string): string {
  return authorName?.trim() || workspaceName;
}

/** A summary of an article for cards and descriptions: the excerpt, else the body's first words. */
export function summaryOf(excerpt: string, bodyHtml: string, max = 200): string {
  const source = excerpt.trim() || plainText(bodyHtml);
  return source.length > max ? `${source.slice(0, max - 1).trimEnd()}…` : source;
}
