import { z } from 'zod';
import { contentStatuses, contentTypes } from '../../../schema/content/content';

/**
 * What the writer typed and has not saved, kept on this device (issue 22: drafts typed offline are
 * kept). Written on every change, cleared once the server has the entry, read back when the editor
 * opens again (after a reload, a lost connection or a closed tab).
 */
export const draftValues = z.object({
  type: z.enum(contentTypes),
  status: z.enum(contentStatuses),
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  excerpt: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  tags: z.string(),
  category_id: z.string(),
  cover_file_id: z.string().nullable(),
  scheduled_at: z.string(),
});
export type DraftValues = z.infer<typeof draftValues>;

const stored = z.object({ values: draftValues, savedAt: z.string() });

const keyOf = (workspaceId: number, entryId: string | null) => `vuka.content-draft.${workspaceId}.${entryId ?? 'new'}`;

export function readDraft(workspaceId: number, entryId: string | null): { values: DraftValues; savedAt: string } | null {
  try {
    const raw = localStorage.getItem(keyOf(workspaceId, entryId));
    if (!raw) return null;
    const parsed = stored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDraft(workspaceId: number, entryId: string | null, values: DraftValues): void {
  try {
    localStorage.setItem(keyOf(workspaceId, entryId), JSON.stringify({ values, savedAt: new Date().toISOString() }));
  } catch {
    // A full or blocked storage: the editor still holds the text; saving to the server still works.
  }
}

export function clearDraft(workspaceId: number, entryId: string | null): void {
  try {
    localStorage.removeItem(keyOf(workspaceId, entryId));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
