import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { workspacesContract as c } from '../../../schema/workspaces/contract';
import { call } from '../../data/api';
import { PageSpinner } from '../../ui/spinner';
import { Notice } from '../../ui/feedback';
import { rememberWorkspace } from './last-workspace';
import { releaseInvitation } from './pending-invitation';
import { LinkButton } from '../../routes/link-button';
import { keepWorkspace, serverMessage, workspaceKeys } from '../../kit/workspace-queries';
import { useAuth } from '../../data/auth-store';
import * as s from '../../ui/page.css';

const route = getRouteApi('/protected/invitations/accept');

/** /invitations/accept?token=…: joins the workspace the e-mailed link names, then opens it. */
export function AcceptInvitationPage() {
  const { token } = route.useSearch();
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
  const valid = typeof token === 'string' && token.length >= 10;
  useEffect(() => {
    if (valid && sent.current !== token) {
      sent.current = token;
      accept.mutate(token);
    }
  }, [valid, token, accept]);

  if (valid && !accept.isError) return <PageSpinner label="Joining the workspace..." />;
  return (
    <main className={`${s.page} ${s.narrow}`}>
      <h1 className={s.title}>Invitation</h1>
      <Notice tone="error" title={valid ? 'This invitation could not be accepted' : 'This invitation link is incomplete'}>
        <p className={s.muted}>
          {valid
            ? serverMessage(accept.error)
            : 'The link has no invitation code. Open the link from your invitation email again, or ask for a new invitation.'}
        </p>
      </Notice>
      <div>
        <LinkButton to="/controlhub">My Workspaces</LinkButton>
      </div>
    </main>
  );
}
