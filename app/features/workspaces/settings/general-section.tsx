import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { z } from 'zod';
import { workspacesContract as c } from '../../../../schema/contract/workspaces';
import { fieldErrors } from '../../../../schema/http';
import { workspacePatch, type WorkspaceDto } from '../../../../schema/workspaces';
import { call } from '../../../data/api';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast-store';
import { SwitchField } from '../../../ui/form-controls';
import { firstFieldErrors, firstOf, serverMessage, workspaceKeys } from '../workspace-queries';
import * as s from '../../../ui/page.css';
import { orNull } from './use-update-settings';

/** Name, description, industry and the public storefront switch (PATCH /api/workspaces/{id}). */
export function GeneralSection({ workspace, canEdit }: { workspace: WorkspaceDto; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(workspace.name);
  const [description, setDescription] = useState(workspace.description ?? '');
  const [industry, setIndustry] = useState(workspace.industry ?? '');
  const [storefront, setStorefront] = useState(workspace.storefront_enabled);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const update = useMutation({
    mutationFn: (body: z.input<typeof workspacePatch>) => call(c.update, { params: { id: workspace.id }, body }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(workspaceKeys.one(workspace.id), updated);
      toast({ title: 'Workspace updated', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.list() });
    },
    onError: (error) => {
      setErrors(firstFieldErrors(error));
      toast({ title: 'Update failed', description: serverMessage(error), variant: 'destructive' });
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { name, description: orNull(description), industry: orNull(industry), storefront_enabled: storefront };
    const parsed = workspacePatch.safeParse(body);
    if (!parsed.success) {
      setErrors(firstOf(fieldErrors(parsed.error)));
      return;
    }
    setErrors({});
    update.mutate(parsed.data);
  }

  return (
    <Card aria-labelledby="general-title">
      <h2 className={s.sectionTitle} id="general-title">
        General
      </h2>
      <Form className={s.stack} onSubmit={submit} validationBehavior="aria">
        <TextField label="Workspace name" value={name} onChange={setName} error={errors.name} isRequired maxLength={100} isReadOnly={!canEdit} />
        <TextField label="Industry" value={industry} onChange={setIndustry} error={errors.industry} maxLength={100} isReadOnly={!canEdit} />
        <TextField
          label="Description"
          value={description}
          onChange={setDescription}
          error={errors.description}
          multiline
          maxLength={2000}
          isReadOnly={!canEdit}
        />
        <SwitchField isSelected={storefront} onChange={setStorefront} isDisabled={!canEdit}>
          Public storefront
        </SwitchField>
        {canEdit ? (
          <div className={s.formActions}>
            <Button type="submit" isPending={update.isPending}>
              Save general
            </Button>
          </div>
        ) : null}
      </Form>
    </Card>
  );
}
