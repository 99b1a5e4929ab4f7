import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { WorkspaceDto } from '../../../schema/workspaces/workspaces';
import { plans } from '../../../schema/billing/plans';
import { useAuth } from '../../data/auth-store';
import { AccountMenu } from '../account/account-menu';
import { SyncStatusIndicator } from '../sync/sync-status-indicator';
import { InstallButton } from '../pwa/install-button';
import { Button } from '../../ui/button';
import { LinkButton } from '../../routes/link-button';
import { heldInvitation } from './pending-invitation';
import { PageSpinner } from '../../ui/spinner';
import { EmptyState, Notice, LoadError } from '../../ui/feedback';
import { planLabel, roleLabel, workspaceAllowance } from './plan-label';
import { serverMessage, useWorkspaces } from '../../kit/workspace-queries';
import { DeleteWorkspaceDialog } from './delete-workspace-dialog';
import { ShortcutLauncher } from '../shortcut-launcher';
import * as s from '../../ui/page.css';

const route = getRouteApi('/protected/controlhub');

/** /controlhub, "My Workspaces": every workspace the person belongs to, and where to make another. */
export function ControlHubPage() {
  const { user } = useAuth();
  const workspaces = useWorkspaces();
  const { open } = route.useSearch();
  const [toDelete, setToDelete] = useState<WorkspaceDto | null>(null);
  const [pendingToken] = useState(heldInvitation);

  const owned = workspaces.data?.filter((w) => w.role === 'owner').length ?? 0;
  const allowance = user ? workspaceAllowance(user.plan) : null;
  const atLimit = allowance !== null && owned >= allowance;

  return (
    <main className={s.page}>
      <header className={s.titleBar}>
        <div>
          <h1 className={s.title}>My Workspaces</h1>
          <p className={s.muted}>Open a workspace to run your business, or create a new one.</p>
        </div>
        <SyncStatusIndicator />
        <AccountMenu />
      </header>
      <div className={s.actionRow}>
        <LinkButton to="/workspace/create">Create workspace</LinkButton>
        <InstallButton />
        {user?.isAdmin ? (
          <>
            <Link to="/controlhub/reports">Reported classifieds</Link>
            <Link to="/controlhub/credits">Adjust AI credits</Link>
          </>
        ) : null}
      </div>

      {open && workspaces.data ? <ShortcutLauncher target={open} workspaces={workspaces.data} /> : null}

      {pendingToken ? (
        <Notice tone="info" title="You have a workspace invitation">
          <p className={s.muted}>You opened an invitation link before signing in. Accept it to join the workspace.</p>
          <div>
            <LinkButton to="/invitations/accept" search={{ token: pendingToken }}>
              Accept invitation
            </LinkButton>
          </div>
        </Notice>
      ) : null}

      {atLimit && user ? (
        <Notice tone="warning" title="Workspace limit reached">
          <p className={s.muted}>
            The {plans[user.plan].name} plan includes {allowance} {allowance === 1 ? 'workspace' : 'workspaces'}, and you already own{' '}
            {owned}. Upgrade to the {plans.pro.name} plan for unlimited workspaces.
          </p>
          <div>
            <Link to="/settings" search={{ tab: 'subscription' }}>
              See plans and upgrade
            </Link>
          </div>
        </Notice>
      ) : null}

      {workspaces.isPending ? (
        <PageSpinner label="Loading your workspaces..." />
      ) : workspaces.isError ? (
        <LoadError
          title="Could not load your workspaces"
          message={serverMessage(workspaces.error)}
          onRetry={() => void workspaces.refetch()}
        />
      ) : workspaces.data.length === 0 ? (
        <EmptyState title="No workspaces yet">
          <p className={s.muted}>A workspace holds your shop, invoices, customers and more. Create your first one.</p>
          <LinkButton to="/workspace/create">Create workspace</LinkButton>
        </EmptyState>
      ) : (
        <ul className={s.list} aria-label="Workspaces">
          {workspaces.data.map((w) => (
            <WorkspaceRow key={w.id} workspace={w} onDelete={() => setToDelete(w)} />
          ))}
        </ul>
      )}

      <DeleteWorkspaceDialog workspace={toDelete} onClose={() => setToDelete(null)} />
    </main>
  );
}

function WorkspaceRow({ workspace: w, onDelete }: { workspace: WorkspaceDto; onDelete: () => void }) {
  return (
    <li className={s.listItem} data-testid="workspace-row">
      <div className={s.itemMain}>
        <h2 className={s.itemName}>{w.name}</h2>
        <div className={s.row}>
          <span className={s.badge.neutral}>{roleLabel(w.role)}</span>
          <span className={w.plan === 'pro' ? s.badge.accent : s.badge.neutral}>{planLabel(w.plan)}</span>
          {w.industry ? <span className={`${s.muted} ${s.small}`}>{w.industry}</span> : null}
        </div>
      </div>
      <div className={s.row}>
        <LinkButton to="/workspace/$workspaceId/dashboard" params={{ workspaceId: w.id }} aria-label={`Open ${w.name}`}>
          Open
        </LinkButton>
        {w.role === 'owner' ? (
          <Button variant="secondary" onPress={onDelete} aria-label={`Delete ${w.name}`}>
            Delete
          </Button>
        ) : null}
      </div>
    </li>
  );
}
