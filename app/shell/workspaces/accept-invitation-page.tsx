import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { workspacesContract as c } from '../../../schema/workspaces/contract';
import { call } from '../../data/api';
import { PageSpinner } from '../../ui/spinner';
import { Notice } from '../../ui/feedback';
import { rememberWorkspace } from './last-workspace';
import { heldInvitation, releaseInvitation } from './pending-invitation';
import { LinkButton } from '../../routes/link-button';
import { keepWorkspace, serverMessage, workspaceKeys } from '../../kit/workspace-queries';
import { useAuth } from '../../data/auth-store';
import * as s from '../../ui/page.css';

const route = getRouteApi('/invitations/accept');

/** Long enough to be a token at all; the server judges the rest. */
const isToken = (t: string | null | undefined): t is string => typeof t === 'string' && t.length >= 10;

/**
 * /invitations/accept?token=…: the e-mailed link. Signed in, it joins the workspace and opens its
 * dashboard. Signed out, it sends the person to register (the invited address filled in) or, when
 * that address has an account, to log in, and they come back here without the token in any URL.
 */
export function AcceptInvitationPage() {
  const { token: linked } = route.useSearch();
  const { status } = useAuth();
  // Back from /auth the link's token is no longer in the address; it waited in this tab.
  const [token] = useState(() => linked ?? heldInvitation());
  if (status === 'loading') return <PageSpinner label="Checking authentication..." />;
  if (!isToken(token)) return <InvitationProblem title="This invitation link is incomplete" signedIn={status === 'authenticated'} />;
  if (status === 'anonymous') return <SignInFirst token={token} />;
  return <Accept token={token} />;
}

function Accept({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  const accept = useMutation({
    mutationFn: (t: string) => call(c.acceptInvitation, { body: { token: t } }),
    onSuccess: async (workspace) => {
      releaseInvitation();
      keepWorkspace(queryClient, userId, workspace);
      rememberWorkspace(workspace.id);
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.list() });
      await navigate({ to: '/workspace/$workspaceId/dashboard', params: { workspaceId: workspace.id }, replace: true });
    },
    // A refused token (expired, used, for another address) is not worth offering again.
    onError: () => releaseInvitation(),
  });
  // Accept once per token, even under StrictMode's double effects.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current !== token) {
      sent.current = token;
      accept.mutate(token);
    }
  }, [token, accept]);

  if (!accept.isError) return <PageSpinner label="Joining the workspace..." />;
  return <InvitationProblem title="This invitation could not be accepted" message={serverMessage(accept.error)} signedIn />;
}

/** Signed out: who the invitation is for decides between registering and logging in. */
function SignInFirst({ token }: { token: string }) {
  const preview = useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: () => call(c.previewInvitation, { body: { token } }),
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (preview.isError) releaseInvitation();
  }, [preview.isError]);

  if (preview.isPending) return <PageSpinner label="Opening your invitation..." />;
  if (preview.isError) {
    return <InvitationProblem title="This invitation could not be accepted" message={serverMessage(preview.error)} signedIn={false} />;
  }
  const { email, has_account } = preview.data;
  return <Navigate to="/auth" search={{ tab: has_account ? undefined : 'register', email, redirect: '/invitations/accept' }} replace />;
}

function InvitationProblem({ title, message, signedIn }: { title: string; message?: string; signedIn: boolean }) {
  return (
    <main className={`${s.page} ${s.narrow}`}>
      <h1 className={s.title}>Invitation</h1>
      <Notice tone="error" title={title}>
        <p className={s.muted}>
          {message ?? 'The link has no invitation code. Open the link from your invitation email again, or ask for a new invitation.'}
        </p>
      </Notice>
      <div>{signedIn ? <LinkButton to="/controlhub">My Workspaces</LinkButton> : <LinkButton to="/auth">Log in</LinkButton>}</div>
    </main>
  );
}
