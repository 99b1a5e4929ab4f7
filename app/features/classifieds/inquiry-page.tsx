import { getRouteApi, Link } from '@tanstack/react-router';
import { LoadError } from '../../ui/feedback';
import { Spinner } from '../../ui/spinner';
import * as w from '../../ui/page.css';
import { serverMessage } from '../../kit/workspace-queries';
import { InquiryThread } from './thread';
import { useThread } from './use-classifieds';

const route = getRouteApi('/protected/workspace/$workspaceId/classifieds/inquiries/$inquiryId');

/** /workspace/{id}/classifieds/inquiries/{id}: one buyer's question, offer or viewing request and its thread. */
export function InquiryPage() {
  const { workspaceId, inquiryId } = route.useParams();
  const thread = useThread(inquiryId);
  return (
    <section className={`${w.page} ${w.narrow}`} aria-labelledby="inquiry-title">
      {thread.isPending ? (
        <Spinner label="Loading the conversation" />
      ) : thread.isError || !thread.data ? (
        <LoadError
          title="The conversation could not be loaded"
          message={serverMessage(thread.error)}
          onRetry={() => void thread.refetch()}
        />
      ) : (
        <>
          <p className={w.muted}>
            <Link to="/workspace/$workspaceId/classifieds/$classifiedId" params={{ workspaceId, classifiedId: thread.data.classified_id }}>
              ← {thread.data.listing_title}
            </Link>
          </p>
          <h1 id="inquiry-title" className={w.title}>
            {thread.data.buyer} about {thread.data.listing_title}
          </h1>
          <InquiryThread thread={thread.data} />
        </>
      )}
    </section>
  );
}
