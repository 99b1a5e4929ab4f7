import { Link, Navigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useAuth } from '../../data/auth-store';
import { LinkButton } from '../../routes/link-button';
import { EmptyState, LoadError } from '../../ui/feedback';
import { PageSpinner } from '../../ui/spinner';
import * as w from '../../ui/page.css';
import { lastWorkspaceId } from '../../shell/workspaces/last-workspace';
import { serverMessage, useWorkspaces } from '../../kit/workspace-queries';
import { NewListing } from './new-listing-page';

/**
 * /classifieds/new (spec §2): where Post an Ad on /welcome lands, signed in. The ad goes into the
 * workspace opened last, else the user's own (the welcome card has just made one), else the first.
 */
export function PostAdPage() {
  const { status, user } = useAuth();
  const workspaces = useWorkspaces();
  // Post an Ad may have made the workspace a moment ago: ask again rather than trust a cached list.
  const [fresh, setFresh] = useState(false);
  const { refetch } = workspaces;
  useEffect(() => {
    if (status === 'authenticated') void refetch().finally(() => setFresh(true));
  }, [status, refetch]);
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous' || !user) return <Navigate to="/auth" replace />;
  if (workspaces.isPending) return <PageSpinner label="Loading your business" />;
  if (workspaces.isError)
    return (
      <main className={w.page}>
        <LoadError
          title="Your business could not be loaded"
          message={serverMessage(workspaces.error)}
          onRetry={() => void workspaces.refetch()}
        />
      </main>
    );
  const list = workspaces.data ?? [];
  const last = lastWorkspaceId();
  const chosen = list.find((ws) => ws.id === last) ?? list.find((ws) => ws.owner_id === user.id) ?? list[0];
  if (!chosen && !fresh) return <PageSpinner label="Loading your business" />;
  if (!chosen)
    return (
      <main className={w.page}>
        <EmptyState title="Set up your business first">
          <p className={w.muted}>Ads are posted from a business workspace. It takes a minute to make one.</p>
          <LinkButton to="/workspace/create">Create Your Business</LinkButton>
        </EmptyState>
      </main>
    );
  return (
    <main className={w.page}>
      <p className={w.muted}>
        Posting as {chosen.name} ·{' '}
        <Link to="/workspace/$workspaceId/classifieds" params={{ workspaceId: chosen.id }}>
          Your ads
        </Link>
      </p>
      <NewListing workspaceId={chosen.id} />
    </main>
  );
}
