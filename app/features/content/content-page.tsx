import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  contentStatuses,
  contentStatusLabels,
  contentTypeLabels,
  contentTypes,
  type ContentStatus,
  type ContentType,
} from '../../../schema/content/content';
import { LinkButton } from '../../routes/link-button';
import { EmptyState, LoadError } from '../../ui/feedback';
import { SelectField } from '../../ui/form-controls';
import { Spinner } from '../../ui/spinner';
import * as w from '../../ui/page.css';
import { useWorkspaceDates } from '../../kit/date-format';
import { serverMessage } from '../../kit/workspace-queries';
import * as s from './content.css';
import { useEntries } from './use-content';

const route = getRouteApi('/protected/workspace/$workspaceId/content/');

const statusOptions: ReadonlyArray<{ value: ContentStatus | 'all'; label: string }> = [
  { value: 'all', label: 'Any status' },
  ...contentStatuses.map((v) => ({ value: v, label: contentStatusLabels[v] })),
];
const typeOptions: ReadonlyArray<{ value: ContentType | 'all'; label: string }> = [
  { value: 'all', label: 'Any type' },
  ...contentTypes.map((v) => ({ value: v, label: contentTypeLabels[v] })),
];

/** /workspace/{id}/content: the workspace's entries, filtered by status and type. */
export function ContentPage() {
  const { workspaceId } = route.useParams();
  const dates = useWorkspaceDates();
  const [status, setStatus] = useState<ContentStatus | 'all'>('all');
  const [type, setType] = useState<ContentType | 'all'>('all');
  const entries = useEntries(workspaceId, status === 'all' ? undefined : status, type === 'all' ? undefined : type);
  const list = entries.data?.entries;
  return (
    <section className={w.page} aria-labelledby="content-title">
      <div className={w.pageHeader}>
        <h1 id="content-title" className={w.title}>
          Content
        </h1>
        <LinkButton to="/workspace/$workspaceId/content/new" params={{ workspaceId }}>
          New entry
        </LinkButton>
      </div>
      <div className={s.filters}>
        <SelectField label="Status" value={status} options={statusOptions} onChange={setStatus} />
        <SelectField label="Type" value={type} options={typeOptions} onChange={setType} />
      </div>
      {entries.isPending ? (
        <Spinner label="Loading your entries" />
      ) : entries.isError ? (
        <LoadError title="Your entries could not be loaded" message={serverMessage(entries.error)} onRetry={() => void entries.refetch()} />
      ) : list && list.length > 0 ? (
        <ul className={w.list} aria-label="Entries">
          {list.map((e) => (
            <li key={e.id} className={w.listItem}>
              <div className={w.itemMain}>
                <Link className={w.itemName} to="/workspace/$workspaceId/content/$entryId" params={{ workspaceId, entryId: e.id }}>
                  {e.title || 'Untitled'}
                </Link>
                <p className={s.entryMeta}>
                  {contentTypeLabels[e.type]} · /{e.slug}
                  {e.scheduled_at ? ` · publishes ${dates.date(e.scheduled_at)}` : ''}
                  {e.published_at && e.status === 'published' ? ` · published ${dates.date(e.published_at)}` : ''}
                </p>
              </div>
              <span className={e.status === 'published' ? w.badge.accent : w.badge.neutral}>{contentStatusLabels[e.status]}</span>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={status === 'all' && type === 'all' ? 'No entries yet' : 'No entries match'}>
          <p className={w.muted}>Write posts, pages, product copy and articles; published articles appear on the Vuka magazine.</p>
        </EmptyState>
      )}
    </section>
  );
}
