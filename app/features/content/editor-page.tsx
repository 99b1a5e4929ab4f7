import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import {
  contentMessages,
  contentStatuses,
  contentStatusLabels,
  contentTypeLabels,
  contentTypes,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  type ContentEntryDto,
} from '../../../schema/content/content';
import { sanitizeRichText } from '../../../schema/kit/rich-text';
import { Button } from '../../ui/button';
import { Notice, LoadError } from '../../ui/feedback';
import { FormFailure } from '../../ui/form-actions';
import { SelectField } from '../../ui/form-controls';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { DateTimeField } from '../../ui/date-fields';
import { toast } from '../../ui/toast-store';
import * as w from '../../ui/page.css';
import { pictureUrl } from '../../kit/pictures/pictures';
import { useOnline } from '../../kit/online';
import { firstFieldErrors, serverMessage } from '../../kit/workspace-queries';
import * as s from './content.css';
import { CoverField } from './cover-field';
import { clearDraft, readDraft, writeDraft, type DraftValues } from './draft-store';
import { bodyOf, valuesOf } from './entry-form';
import { RichTextEditor, type RichTextEditorHandle } from './rich-text-editor';
import { contentCalls, useCategories, useContentChange, useEntry } from './use-content';

const newRoute = getRouteApi('/protected/workspace/$workspaceId/content/new');
const entryRoute = getRouteApi('/protected/workspace/$workspaceId/content/$entryId');

const typeOptions = contentTypes.map((v) => ({ value: v, label: contentTypeLabels[v] }));
const statusOptions = contentStatuses.map((v) => ({ value: v, label: contentStatusLabels[v] }));

/** /workspace/{id}/content/new: a blank entry (or the one left unsaved on this device). */
export function NewEntryPage() {
  const { workspaceId } = newRoute.useParams();
  return <Editor key="new" workspaceId={workspaceId} />;
}

/** /workspace/{id}/content/{entryId}: an entry as saved, or with the changes left unsaved on this device. */
export function EditEntryPage() {
  const { workspaceId, entryId } = entryRoute.useParams();
  const entry = useEntry(workspaceId, entryId);
  if (entry.isPending) return <Spinner label="Loading the entry" />;
  if (entry.isError || !entry.data)
    return <LoadError title="The entry could not be loaded" message={serverMessage(entry.error)} onRetry={() => void entry.refetch()} />;
  return <Editor key={entryId} workspaceId={workspaceId} entry={entry.data} />;
}

/** The draft on this device when it is newer than what the server has. */
function startingValues(workspaceId: number, entry?: ContentEntryDto): { values: DraftValues; restored: boolean } {
  const kept = readDraft(workspaceId, entry?.id ?? null);
  if (kept && (!entry || Date.parse(kept.savedAt) > Date.parse(entry.updated_at))) return { values: kept.values, restored: true };
  return { values: valuesOf(entry), restored: false };
}

function Editor({ workspaceId, entry }: { workspaceId: number; entry?: ContentEntryDto }) {
  const navigate = useNavigate();
  const online = useOnline();
  const categories = useCategories(workspaceId);
  const [start] = useState(() => startingValues(workspaceId, entry));
  const [values, setValues] = useState<DraftValues>(start.values);
  const [saved, setSaved] = useState<ContentEntryDto | undefined>(entry);
  const [dirty, setDirty] = useState(start.restored);
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [newCategory, setNewCategory] = useState('');
  const editor = useRef<RichTextEditorHandle>(null);
  const entryId = saved?.id ?? null;

  // Every change is kept on the device until the server has it.
  useEffect(() => {
    if (dirty) writeDraft(workspaceId, entryId, values);
  }, [dirty, values, workspaceId, entryId]);

  const set = <K extends keyof DraftValues>(key: K, value: DraftValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setDirty(true);
    // A field's message is about what was there before: changing it takes the message away.
    if (key in errors) {
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)));
      setFailure(null);
    }
  };

  const save = useContentChange(async (status: DraftValues['status']) => {
    const next = { ...values, status };
    const body = bodyOf(next, saved?.scheduled_at ? valuesOf(saved).scheduled_at : '');
    return saved ? contentCalls.update(workspaceId, saved.id, body) : contentCalls.create(workspaceId, body);
  });

  async function submit(status: DraftValues['status']) {
    setFailure(null);
    setErrors({});
    if (!online) {
      setFailure(contentMessages.offline);
      return;
    }
    try {
      const result = await save.mutateAsync(status);
      clearDraft(workspaceId, saved ? saved.id : null);
      setSaved(result);
      setValues(valuesOf(result));
      setDirty(false);
      toast({ title: status === 'published' ? 'Published' : 'Saved', variant: 'success' });
      if (!saved)
        void navigate({ to: '/workspace/$workspaceId/content/$entryId', params: { workspaceId, entryId: result.id }, replace: true });
    } catch (err) {
      setFailure(serverMessage(err));
      setErrors(firstFieldErrors(err));
    }
  }

  async function addCategory() {
    const name = newCategory.trim();
    if (!name) return;
    try {
      const made = await contentCalls.createCategory(workspaceId, name);
      await categories.refetch();
      set('category_id', made.id);
      setNewCategory('');
    } catch (err) {
      setErrors((e) => ({ ...e, category: serverMessage(err) }));
    }
  }

  const categoryOptions = [
    { value: '', label: 'No category' },
    ...(categories.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
  const busy = save.isPending || uploading;
  const published = saved?.status === 'published';

  return (
    <section className={w.page} aria-labelledby="entry-title">
      <div className={w.pageHeader}>
        <h1 id="entry-title" className={w.title}>
          {saved ? saved.title || 'Untitled entry' : 'New entry'}
        </h1>
        <div className={w.row}>
          {saved?.magazine_path ? (
            <a href={saved.magazine_path} className={w.small}>
              View on the magazine
            </a>
          ) : null}
          <Button variant="secondary" onPress={() => setPreview((p) => !p)}>
            {preview ? 'Edit' : 'Preview'}
          </Button>
        </div>
      </div>
      {start.restored ? (
        <Notice title="Unsaved changes restored">These changes were kept on this device. Save them to keep them for good.</Notice>
      ) : null}
      {!online ? <Notice tone="warning">{contentMessages.offline}</Notice> : null}
      <FormFailure lead="The entry could not be saved" message={failure} />
      {preview ? (
        <article className={s.article} aria-label="Preview">
          {values.cover_file_id ? <img className={s.cover} src={pictureUrl(workspaceId, values.cover_file_id, 720)} alt="" /> : null}
          <h2 className={s.articleTitle}>{values.title || 'Untitled'}</h2>
          {values.excerpt ? <p className={w.muted}>{values.excerpt}</p> : null}
          <div className={s.prose} dangerouslySetInnerHTML={{ __html: sanitizeRichText(values.body) }} />
        </article>
      ) : (
        <form className={w.stack} aria-label="Entry" noValidate onSubmit={(e) => e.preventDefault()}>
          <TextField label="Title" value={values.title} onChange={(v) => set('title', v)} error={errors.title} />
          <div className={w.fieldWrap}>
            <span className={w.fieldLabel} id="body-label">
              Body
            </span>
            <RichTextEditor ref={editor} label="Body" value={values.body} onChange={(html) => set('body', html)} />
          </div>
          <div className={w.twoColumns}>
            <SelectField label="Type" value={values.type} options={typeOptions} onChange={(v) => set('type', v)} />
            <SelectField label="Status" value={values.status} options={statusOptions} onChange={(v) => set('status', v)} />
          </div>
          <TextField label="Excerpt" multiline value={values.excerpt} onChange={(v) => set('excerpt', v)} error={errors.excerpt} />
          <div className={w.twoColumns}>
            <SelectField
              label="Category"
              value={values.category_id}
              options={categoryOptions}
              onChange={(v) => set('category_id', v)}
              error={errors.category_id}
            />
            <div className={w.row}>
              <TextField label="New category" value={newCategory} onChange={setNewCategory} error={errors.category} />
              <Button variant="secondary" onPress={() => void addCategory()} isDisabled={!newCategory.trim() || !online}>
                Add category
              </Button>
            </div>
          </div>
          <TextField
            label="Tags"
            description="Separate tags with commas"
            value={values.tags}
            onChange={(v) => set('tags', v)}
            error={errors.tags}
          />
          <CoverField
            workspaceId={workspaceId}
            fileId={values.cover_file_id}
            online={online}
            error={errors.cover_file_id}
            onChange={(id) => set('cover_file_id', id)}
            onBusy={setUploading}
          />
          <details>
            <summary className={w.fieldLabel}>Address and search engines</summary>
            <div className={w.stack}>
              <TextField
                label="Slug"
                description="Made from the title when left empty"
                value={values.slug}
                onChange={(v) => set('slug', v)}
                error={errors.slug}
              />
              <TextField
                label="SEO title"
                description={`Up to ${SEO_TITLE_MAX} characters; the title is used when empty`}
                value={values.seo_title}
                onChange={(v) => set('seo_title', v)}
                error={errors.seo_title}
                maxLength={SEO_TITLE_MAX}
              />
              <TextField
                label="SEO description"
                multiline
                description={`Up to ${SEO_DESCRIPTION_MAX} characters; the excerpt is used when empty`}
                value={values.seo_description}
                onChange={(v) => set('seo_description', v)}
                error={errors.seo_description}
                maxLength={SEO_DESCRIPTION_MAX}
              />
            </div>
          </details>
          {published ? null : (
            <DateTimeField
              label="Publish at"
              description="Leave empty to publish by hand"
              value={values.scheduled_at}
              onChange={(v) => set('scheduled_at', v)}
              error={errors.scheduled_at}
            />
          )}
        </form>
      )}
      <div className={w.formActions}>
        <Button variant="secondary" onPress={() => void navigate({ to: '/workspace/$workspaceId/content', params: { workspaceId } })}>
          Back to content
        </Button>
        <Button variant={published ? 'primary' : 'secondary'} onPress={() => void submit(values.status)} isDisabled={busy}>
          {values.scheduled_at && !published ? 'Save and schedule' : 'Save'}
        </Button>
        {published ? null : (
          <Button onPress={() => void submit('published')} isDisabled={busy}>
            Publish
          </Button>
        )}
      </div>
    </section>
  );
}
