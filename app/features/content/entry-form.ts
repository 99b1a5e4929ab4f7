import type { z } from 'zod';
import type { ContentEntryDto, contentPatch } from '../../../schema/content/content';
import type { DraftValues } from './draft-store';

/** The editor's fields for an entry (or a blank one). */
export function valuesOf(entry?: ContentEntryDto): DraftValues {
  return {
    type: entry?.type ?? 'article',
    status: entry?.status ?? 'draft',
    title: entry?.title ?? '',
    slug: entry?.slug ?? '',
    body: entry?.body ?? '',
    excerpt: entry?.excerpt ?? '',
    seo_title: entry?.seo_title ?? '',
    seo_description: entry?.seo_description ?? '',
    tags: entry?.tags.join(', ') ?? '',
    category_id: entry?.category_id ?? '',
    cover_file_id: entry?.cover_file_id ?? null,
    scheduled_at: entry?.scheduled_at ? localInput(entry.scheduled_at) : '',
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local field shows it, in the device's time zone. */
export function localInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * What is sent to the server. The schedule goes only when the writer changed it (an unchanged one
 * may have just passed, and the sweep publishes it); publishing sends none.
 */
export function bodyOf(v: DraftValues, loadedSchedule: string): z.input<typeof contentPatch> {
  const schedule =
    v.status === 'published' || v.status === 'archived'
      ? { scheduled_at: null }
      : v.scheduled_at === loadedSchedule
        ? {}
        : { scheduled_at: v.scheduled_at ? new Date(v.scheduled_at).toISOString() : null };
  return {
    type: v.type,
    status: v.status,
    title: v.title,
    slug: v.slug,
    body: v.body,
    excerpt: v.excerpt,
    seo_title: v.seo_title,
    seo_description: v.seo_description,
    tags: v.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    category_id: v.category_id || null,
    cover_file_id: v.cover_file_id,
    ...schedule,
  };
}
