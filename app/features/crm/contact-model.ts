import { z } from 'zod';
import { contacts, type Contact } from '../../../schema/crm/crm';
import { messages } from '../../../schema/kit/forms';

/** The form's text fields, all strings as typed; `tags` is comma separated. */
export type ContactDraft = {
  name: string;
  email: string;
  phone: string;
  company: string;
  title: string;
  address: string;
  notes: string;
  tags: string;
  source: string;
  stage: string;
  status: string;
};

export type DraftErrors = Partial<Record<keyof ContactDraft, string>>;

export const emptyDraft: ContactDraft = {
  name: '',
  email: '',
  phone: '',
  company: '',
  title: '',
  address: '',
  notes: '',
  tags: '',
  source: '',
  stage: '',
  status: 'active',
};

export function draftOf(c: Contact): ContactDraft {
  return {
    name: c.name,
    email: c.email ?? '',
    phone: c.phone ?? '',
    company: c.company ?? '',
    title: c.title ?? '',
    address: c.address ?? '',
    notes: c.notes ?? '',
    tags: (c.tags ?? []).join(', '),
    source: c.source ?? '',
    stage: c.stage ?? '',
    status: c.status,
  };
}

const optionalFields = ['email', 'phone', 'company', 'title', 'address', 'notes', 'source', 'stage'] as const;
/** The fields this form edits; the rest of a stored contact (pipeline, assignee …) is left as it is. */
export const editedFields = [...optionalFields, 'name', 'tags', 'status'] as const;

const emailRule = z.string().email(messages.validEmail);

/**
 * The form's fields as typed: text, with the spec's email message on the spot. The stored contact's
 * own rules (contacts.fields) are checked by validateDraft when the draft becomes a document.
 */
export const contactDraft = z.object({
  name: z.string(),
  email: z.string().refine((v) => v.trim() === '' || emailRule.safeParse(v.trim()).success, messages.validEmail),
  phone: z.string(),
  company: z.string(),
  title: z.string(),
  address: z.string(),
  notes: z.string(),
  tags: z.string(),
  source: z.string(),
  stage: z.string(),
  status: z.string(),
}) satisfies z.ZodType<ContactDraft>;

/**
 * Checks a draft with the shared contacts schema (plus the spec's email rule) and turns it into the
 * fields to store: blanks become absent, tags a trimmed list. Errors are per field.
 */
export function validateDraft(
  draft: ContactDraft,
  base: { id: string; workspace_id: number },
): { ok: true; doc: Contact } | { ok: false; errors: DraftErrors } {
  const candidate: Record<string, unknown> = {
    id: base.id,
    workspace_id: base.workspace_id,
    updated_at: new Date().toISOString(),
    name: draft.name.trim(),
    status: draft.status.trim() || 'active',
  };
  for (const key of optionalFields) {
    const value = draft[key].trim();
    if (value) candidate[key] = value;
  }
  const tags = draft.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tags.length > 0) candidate.tags = [...new Set(tags)];

  const errors: DraftErrors = {};
  const email = draft.email.trim();
  if (email && !emailRule.safeParse(email).success) errors.email = messages.validEmail;
  const parsed = contacts.fields.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && isDraftKey(key) && !errors[key]) errors[key] = issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, doc: parsed.data };
}

function isDraftKey(key: string): key is keyof ContactDraft {
  return Object.hasOwn(emptyDraft, key);
}

/** Case-insensitive match on what the list shows. */
export function matchesSearch(c: Contact, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [c.name, c.company, c.phone, c.email, c.stage, ...(c.tags ?? [])].some((v) => v?.toLowerCase().includes(q));
}
