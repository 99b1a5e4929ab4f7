import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { aiOperations, type AiOperation } from '../../../schema/ai/ai';
import { richTextOfPlain } from '../../../schema/kit/rich-text';
import { Spinner } from '../../ui/spinner';
import * as s from '../../ui/page.css';
import { failureMessage } from '../../kit/forms/use-zod-form';
import { contentCalls, useContentChange, useEntries } from '../content';
import { entryOfText } from './entry-of-text';
import { InsertFrame } from './insert-frame';

const NEW_DRAFT = 'new';

/**
 * "Insert into entry": the written text becomes a new draft in the content area (a real title from its
 * heading or the brief, the whole text its body), or is added to the end of a draft or an entry under
 * review. Online, as the writing itself is; the editor opens from the link.
 */
export function InsertIntoEntry({
  workspaceId,
  operation,
  text,
  brief,
}: {
  workspaceId: number;
  operation: AiOperation;
  text: string;
  brief: string;
}) {
  const entries = useEntries(workspaceId);
  const [target, setTarget] = useState(NEW_DRAFT);
  const [saved, setSaved] = useState<{ id: string; title: string } | null>(null);
  const insert = useContentChange(async () => {
    if (target === NEW_DRAFT) {
      const { title, body } = entryOfText(operation, text, brief);
      return contentCalls.create(workspaceId, { type: 'post', title, body: richTextOfPlain(body), status: 'draft' });
    }
    const entry = await contentCalls.get(workspaceId, target);
    return contentCalls.update(workspaceId, target, { body: entry.body + richTextOfPlain(text) });
  });
  if (entries.isPending) return <Spinner label="Loading your content" />;
  const open = (entries.data?.entries ?? []).filter((e) => e.status === 'draft' || e.status === 'review');
  const label = aiOperations[operation].label.toLowerCase();
  return (
    <InsertFrame
      label="Content entry"
      value={target}
      options={[
        { value: NEW_DRAFT, label: `A new draft (${label})` },
        ...open.map((e) => ({ value: e.id, label: `Add to “${e.title || 'Untitled'}”` })),
      ]}
      onChange={(v) => {
        setTarget(v);
        setSaved(null);
      }}
      action="Insert into entry"
      isPending={insert.isPending}
      onInsert={() => insert.mutate(undefined, { onSuccess: (e) => setSaved({ id: e.id, title: e.title || 'Untitled' }) })}
      saved={
        saved
          ? {
              title: 'Text inserted',
              testId: 'ai-inserted-entry',
              message: (
                <>
                  The text is in “{saved.title}”, a draft in Content.{' '}
                  <Link to="/workspace/$workspaceId/content/$entryId" params={{ workspaceId, entryId: saved.id }}>
                    Open it in the editor
                  </Link>
                </>
              ),
            }
          : null
      }
      failure={insert.isError ? { title: 'The text could not be inserted', detail: failureMessage(insert.error) } : null}
    >
      {entries.isError ? <p className={s.muted}>Your existing entries could not be loaded; a new draft still works.</p> : null}
    </InsertFrame>
  );
}
