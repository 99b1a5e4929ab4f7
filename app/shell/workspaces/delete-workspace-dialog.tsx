import { useOnline } from '../../kit/online';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspacesContract as c } from '../../../schema/workspaces/contract';
import type { WorkspaceDto } from '../../../schema/workspaces/workspaces';
import { call } from '../../data/api';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { toast } from '../../ui/toast-store';
import { forgetWorkspace } from './last-workspace';
import { serverMessage, workspaceKeys } from '../../kit/workspace-queries';
import * as s from '../../ui/page.css';

/** Confirms, deletes, and tells the person what happened (spec §8 'Workspace deleted' / 'Delete failed'). */
export function DeleteWorkspaceDialog({
  workspace,
  onClose,
  onDeleted,
}: {
  workspace: WorkspaceDto | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => call(c.remove, { params: { id } }),
    onSuccess: async (_res, id) => {
      forgetWorkspace(id);
      toast({ title: 'Workspace deleted', variant: 'success' });
      onClose();
      onDeleted?.();
      queryClient.removeQueries({ queryKey: workspaceKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.list() });
    },
    onError: (error) => {
      toast({ title: 'Delete failed', description: serverMessage(error), variant: 'destructive' });
    },
  });
  return (
    <ModalDialog
      title="Delete workspace?"
      isOpen={workspace !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <div className={s.dialogBody}>
        <p className={s.muted}>
          <strong>{workspace?.name}</strong> and everything in it will be deleted for every member. This cannot be undone.
        </p>
        {online ? null : <p className={s.muted}>Deleting a workspace needs a connection. It will be back when you reconnect.</p>}
        <div className={s.formActions}>
          <Button variant="secondary" onPress={onClose} isDisabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            isPending={remove.isPending}
            isDisabled={!online}
            onPress={() => {
              if (workspace) remove.mutate(workspace.id);
            }}
          >
            Delete workspace
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
