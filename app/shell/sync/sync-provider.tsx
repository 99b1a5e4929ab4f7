import { useAuth } from '../../data/auth-store';
import { useWorkspaces } from '../../kit/workspace-queries';
import { useUserSync } from '../../kit/user-data';

/**
 * Mounted in the root layout only while someone is signed in (lazily, so public pages never load
 * it): keeps device sync running for all their workspaces.
 */
export function SyncProvider() {
  const { user } = useAuth();
  return user ? <SignedInSync userId={user.id} /> : null;
}

function SignedInSync({ userId }: { userId: number }) {
  const workspaces = useWorkspaces();
  useUserSync(
    userId,
    workspaces.data?.map((w) => w.id),
  );
  return null;
}
