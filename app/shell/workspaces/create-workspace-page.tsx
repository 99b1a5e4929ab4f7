import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { z } from 'zod';
import { workspacesContract as c } from '../../../schema/workspaces/contract';
import { workspaceCreate, workspaceType } from '../../../schema/workspaces/workspaces';
import { countries, countryOptions, formatRate, isCountryCode, noCountryDefaults, OTHER_COUNTRY } from '../../../schema/kit/countries';
import { ApiError, call } from '../../data/api';
import { useOnline } from '../../kit/online';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import { Notice } from '../../ui/feedback';
import { SelectField } from '../../ui/form-controls';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { rememberWorkspace } from './last-workspace';
import { LinkButton } from '../../routes/link-button';
import { keepWorkspace, serverMessage, workspaceKeys } from '../../kit/workspace-queries';
import { useAuth } from '../../data/auth-store';
import { workspaceTypeLabels } from './workspace-types';
import * as s from '../../ui/page.css';

type WorkspaceType = z.infer<typeof workspaceType>;
const typeOptions = workspaceType.options.map((value) => ({ value, label: workspaceTypeLabels[value] }));

/** What choosing `country` will set, in words, so nothing about the new workspace is a surprise. */
function countryHint(country: string): string {
  if (!isCountryCode(country)) {
    return `Amounts in ${noCountryDefaults.currency}, times in ${noCountryDefaults.timezone}, no VAT. Change them in workspace settings.`;
  }
  const c = countries[country];
  const vat = `VAT ${formatRate(c.vat_rate_bp)}${c.prices_include_vat ? ', included in prices' : ''}`;
  return `Amounts in ${c.currency}, times in ${c.timezone.replace(/_/g, ' ')}, ${vat}. Change them in workspace settings.`;
}

/** /workspace/create: name, type, industry and description; then straight into the new dashboard. */
export function CreateWorkspacePage() {
  const online = useOnline();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  const initial: { name: string; type: WorkspaceType; country: string; industry: string; description: string } = {
    name: '',
    type: 'retail',
    country: 'ZA',
    industry: '',
    description: '',
  };
  const form = useZodForm(workspaceCreate, initial, {
    toInput: (v) => ({
      ...v,
      country: v.country === OTHER_COUNTRY ? null : v.country,
      industry: v.industry.trim() || null,
      description: v.description.trim() || null,
    }),
  });
  const [limitMessage, setLimitMessage] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (body: z.input<typeof workspaceCreate>) => call(c.create, { body }),
    onSuccess: async (workspace) => {
      keepWorkspace(queryClient, userId, workspace);
      rememberWorkspace(workspace.id);
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.list() });
      await navigate({ to: '/workspace/$workspaceId/dashboard', params: { workspaceId: workspace.id } });
    },
  });
  const save = form.handleSubmit((body) => create.mutateAsync(body), {
    onError: (error) => {
      if (error instanceof ApiError && error.body?.code === 'plan_limit') {
        setLimitMessage(error.serverMessage);
        return;
      }
      toast({ title: 'Could not create workspace', description: serverMessage(error), variant: 'destructive' });
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    setLimitMessage(null);
    save(e);
  }

  return (
    <main className={`${s.page} ${s.narrow}`}>
      <header className={s.pageHeader}>
        <div>
          <h1 className={s.title}>Create workspace</h1>
          <p className={s.muted}>A workspace is one business: its shop, invoices, customers and team.</p>
        </div>
      </header>
      {limitMessage ? (
        <Notice tone="warning" title="Workspace limit reached">
          <p className={s.muted}>{limitMessage}</p>
          <div className={s.row}>
            <Link to="/settings" search={{ tab: 'subscription' }}>
              See plans and upgrade
            </Link>
            <Link to="/controlhub">Back to My Workspaces</Link>
          </div>
        </Notice>
      ) : null}
      <Card>
        <Form className={s.stack} onSubmit={submit} validationBehavior="aria">
          <TextField label="Workspace name" name="name" {...form.field('name')} isRequired autoFocus />
          <SelectField
            label="Type"
            name="type"
            value={form.values.type}
            options={typeOptions}
            onChange={(v) => form.set('type', v)}
            error={form.errors.type}
          />
          <SelectField
            label="Country"
            name="country"
            value={form.values.country}
            options={countryOptions}
            onChange={(v) => form.set('country', v)}
            error={form.errors.country}
            hint={countryHint(form.values.country)}
          />
          <TextField
            label="Industry"
            name="industry"
            {...form.field('industry')}
            description="For example: clothing, hair salon, catering"
          />
          <TextField label="Description" name="description" {...form.field('description')} multiline />
          <div className={s.formActions}>
            <LinkButton variant="secondary" to="/controlhub">
              Cancel
            </LinkButton>
            <Button type="submit" isPending={form.submitting} isDisabled={!online}>
              Create workspace
            </Button>
          </div>
          {online ? null : <p className={s.muted}>Creating a workspace needs a connection. It will be back when you reconnect.</p>}
        </Form>
      </Card>
    </main>
  );
}
