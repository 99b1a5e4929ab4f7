import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspacesContract as c } from '../../../schema/workspaces/contract';
import type { WorkspaceDto } from '../../../schema/workspaces/workspaces';
import { call } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { Card } from '../../ui/card';
import { toast } from '../../ui/toast-store';
import * as s from '../../ui/page.css';
import { HeldPicture, PictureField } from '../../kit/pictures/picture-field';
import { usePictureHeld } from '../../kit/data-saver';
import { cached, saveCached } from '../../kit/offline-cache';
import { logoFileId, workspaceLogoUrl } from '../../kit/pictures/workspace-logo';
import { serverMessage, workspaceKeys } from '../../kit/workspace-queries';

/** The logo on the workspace's invoices and quotes: picked, uploaded to the drive and saved at once. */
export function BrandingSection({ workspace, canEdit }: { workspace: WorkspaceDto; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  const save = useMutation({
    mutationFn: (logo: string | null) => call(c.update, { params: { id: workspace.id }, body: { logo } }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(workspaceKeys.one(workspace.id), updated);
      // The offline copy follows too, or an invoice opened offline later would print no logo.
      if (userId !== null) saveCached(userId, cached.workspace(workspace.id), updated);
      toast({ title: updated.logo ? 'Logo saved' : 'Logo removed', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.list() });
    },
    onError: (error) => toast({ title: 'Update failed', description: serverMessage(error), variant: 'destructive' }),
  });
  const logoFile = logoFileId(workspace);
  const logoUrl = workspaceLogoUrl(workspace, 96);
  const logoHeld = usePictureHeld(logoUrl ?? '');
  return (
    <Card aria-labelledby="branding-title">
      <h2 className={s.sectionTitle} id="branding-title">
        Logo
      </h2>
      <div className={s.stack}>
        <p className={s.muted}>Printed at the top of your invoices and quotes.</p>
        {canEdit ? (
          <PictureField
            workspaceId={workspace.id}
            purpose="logo"
            label="Workspace logo"
            fileId={logoFile}
            fit="contain"
            onChange={(id) => save.mutate(id)}
          />
        ) : logoUrl && logoHeld ? (
          <HeldPicture pictureKey={logoUrl} size={96} label={`${workspace.name} logo`} />
        ) : logoUrl ? (
          <img src={logoUrl} alt={`${workspace.name} logo`} width={96} height={96} style={{ objectFit: 'contain' }} />
        ) : (
          <p className={s.muted}>No logo yet.</p>
        )}
      </div>
    </Card>
  );
}
