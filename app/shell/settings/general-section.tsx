import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { workspacesContract as c } from '../../../schema/workspaces/contract';
import { workspacePatch, type WorkspaceDto } from '../../../schema/workspaces/workspaces';
import { call } from '../../data/api';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import { SwitchField } from '../../ui/form-controls';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { serverMessage, workspaceKeys } from '../../kit/workspace-queries';
import { SettingsCard } from '../../ui/settings-card';
import { orNull } from '../../kit/use-update-settings';

/** Name, description, industry and the public storefront switch (PATCH /api/workspaces/{id}). */
export function GeneralSection({ workspace, canEdit }: { workspace: WorkspaceDto; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const form = useZodForm(
    workspacePatch,
    {
      name: workspace.name,
      description: workspace.description ?? '',
      industry: workspace.industry ?? '',
      storefront_enabled: workspace.storefront_enabled,
    },
    { toInput: (v) => ({ ...v, description: orNull(v.description), industry: orNull(v.industry) }) },
  );

  const update = useMutation({
    mutationFn: (body: z.input<typeof workspacePatch>) => call(c.update, { params: { id: workspace.id }, body }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(workspaceKeys.one(workspace.id), updated);
      toast({ title: 'Workspace updated', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.list() });
    },
  });
  const submit = form.handleSubmit((body) => update.mutateAsync(body), {
    onError: (error) => toast({ title: 'Update failed', description: serverMessage(error), variant: 'destructive' }),
  });

  return (
    <SettingsCard id="general-title" title="General" onSubmit={submit} canEdit={canEdit} saveLabel="Save general" saving={form.submitting}>
      <TextField label="Workspace name" {...form.field('name')} isRequired isReadOnly={!canEdit} />
      <TextField label="Industry" {...form.field('industry')} isReadOnly={!canEdit} />
      <TextField label="Description" {...form.field('description')} multiline isReadOnly={!canEdit} />
      <SwitchField isSelected={form.values.storefront_enabled} onChange={(v) => form.set('storefront_enabled', v)} isDisabled={!canEdit}>
        Public storefront
      </SwitchField>
    </SettingsCard>
  );
}
