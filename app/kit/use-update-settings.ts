import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { workspacesContract as c } from '../../schema/workspaces/contract';
import type { workspaceSettingsPatch } from '../../schema/workspaces/workspaces';
import { call } from '../data/api';
import { toast } from '../ui/toast-store';
import { useAuth } from '../data/auth-store';
import { cached, saveCached } from './offline-cache';
import { serverMessage, workspaceKeys } from './workspace-queries';

/** PATCHes workspace settings; the spec's 'Workspace updated' / 'Update failed' toasts either way. */
export function useUpdateSettings(workspaceId: number) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  return useMutation({
    mutationFn: (body: z.input<typeof workspaceSettingsPatch>) => call(c.updateSettings, { params: { id: workspaceId }, body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(workspaceKeys.settings(workspaceId), settings);
      // The offline copy follows too, or pages opened offline later would show the old settings.
      if (userId !== null) saveCached(userId, cached.settings(workspaceId), settings);
      toast({ title: 'Workspace updated', variant: 'success' });
    },
    onError: (error) => {
      toast({ title: 'Update failed', description: serverMessage(error), variant: 'destructive' });
    },
  });
}

/** An empty text box means "not set". */
export function orNull(value: string): string | null {
  const t = value.trim();
  return t === '' ? null : t;
}
