import { Navigate } from '@tanstack/react-router';
import { PageSpinner } from '../ui/spinner';
import { lastWorkspaceId } from './workspaces/last-workspace';
import { useWorkspaces } from '../kit/workspace-queries';

/** Where /dashboard goes: a workspace's dashboard, the first workspace's creation, or the Control Hub to choose. */
export type DashboardTarget = { kind: 'workspace'; id: number } | { kind: 'create' } | { kind: 'hub' };

/**
 * The workspace /dashboard opens: the one used last (as the app's shortcuts know it), if the person
 * still belongs to it; else their only workspace; with none, the page that creates the first one
 * (an empty list is no dashboard); with several and none used yet, the Control Hub to pick one.
 * When the list cannot be had at all, the last one is trusted: its own page says so if access has gone.
 */
export function dashboardTarget(workspaces: readonly { id: number }[] | undefined, last: number | null): DashboardTarget {
  if (workspaces === undefined) return last === null ? { kind: 'hub' } : { kind: 'workspace', id: last };
  if (last !== null && workspaces.some((w) => w.id === last)) return { kind: 'workspace', id: last };
  if (workspaces.length === 0) return { kind: 'create' };
  if (workspaces.length === 1) return { kind: 'workspace', id: workspaces[0].id };
  return { kind: 'hub' };
}

export function DashboardRedirect() {
  const workspaces = useWorkspaces();
  if (workspaces.isPending) return <PageSpinner label="Opening your dashboard..." />;
  const target = dashboardTarget(workspaces.data, lastWorkspaceId());
  if (target.kind === 'create') return <Navigate to="/workspace/create" replace />;
  if (target.kind === 'hub') return <Navigate to="/controlhub" replace />;
  return <Navigate to="/workspace/$workspaceId/dashboard" params={{ workspaceId: target.id }} replace />;
}
