import { Navigate } from '@tanstack/react-router';
import { PageSpinner } from '../../ui/spinner';
import { lastWorkspaceId } from './last-workspace';
import { useWorkspaces } from './workspace-queries';

/**
 * The workspace /dashboard opens: the one used last (as the app's shortcuts know it), if the person
 * still belongs to it. When the list cannot be had at all, the last one is trusted: its own page
 * says so if access has gone.
 */
export function dashboardWorkspace(workspaces: readonly { id: number }[] | undefined, last: number | null): number | null {
  if (last === null) return null;
  if (workspaces === undefined) return last;
  return workspaces.some((w) => w.id === last) ? last : null;
}

export function DashboardRedirect() {
  const workspaces = useWorkspaces();
  if (workspaces.isPending) return <PageSpinner label="Opening your dashboard..." />;
  const id = dashboardWorkspace(workspaces.data, lastWorkspaceId());
  if (id === null) return <Navigate to="/controlhub" replace />;
  return <Navigate to="/workspace/$workspaceId/dashboard" params={{ workspaceId: id }} replace />;
}
