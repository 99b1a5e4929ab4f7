import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
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
import { vatMessages, vatNumberProblem } from '../../../schema/kit/vat';

type WorkspaceType = z.infer<typeof workspaceType>;
type VatAnswer = '' | 'yes' | 'no';

/**
 * The form's check: a business that names its country answers whether it is VAT registered (nothing
 * is charged silently), and a registered one gives its VAT number (schema/kit/vat.ts).
 */
const createForm = workspaceCreate.superRefine((v, ctx) => {
  if (v.country && v.vat_registered == null)
    ctx.addIssue({ code: 'custom', path: ['vat_registered'], message: vatMessages.registeredRequired });
  const problem = vatNumberProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', path: ['vat_number'], message: problem });
});
const typeOptions = workspaceType.options.map((value) => ({ value, label: workspaceTypeLabels[value] }));

/** What choosing `country` will set, in words, so nothing about the new workspace is a surprise. */
function countryHint(country: string): string {
  if (!isCountryCode(country)) {
    return `Amounts in ${noCountryDefaults.currency}, times in ${noCountryDefaults.timezone}, no VAT. Change them in workspace settings.`;
  }
  const c = countries[country];
  const vat = `VAT ${formatRate(c.vat_rate_bp)} when registered${c.prices_include_vat ? ', included in prices' : ''}`;
  return `Amounts in ${c.currency}, times in ${c.timezone.replace(/_/g, ' ')}, ${vat}. Change them in workspace settings.`;
}

/** /workspace/create: name, type, industry and description; then straight into the new dashboard. */
export function CreateWorkspacePage() {
  const online = useOnline();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  const initial: {
    name: string;
    type: WorkspaceType;
    country: string;
    vat_registered: VatAnswer;
    vat_number: string;
    industry: string;
    description: string;
  } = {
    name: '',
    type: 'retail',
    country: 'ZA',
    vat_registered: '',
    vat_number: '',
    industry: '',
    description: '',
  };
  const form = useZodForm(createForm, initial, {
    toInput: (v) => ({
      ...v,
      country: v.country === OTHER_COUNTRY ? null : v.country,
      vat_registered: v.country === OTHER_COUNTRY || v.vat_registered === '' ? undefined : v.vat_registered === 'yes',
      vat_number: v.vat_registered === 'yes' ? v.vat_number.trim() || null : null,
      industry: v.industry.trim() || null,
      description: v.description.trim() || null,
    }),
  });
  const [limitMessage, setLimitMessage] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (body: z.output<typeof workspaceCreate>) => call(c.create, { body }),
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
          {form.values.country === OTHER_COUNTRY ? null : (
            <RadioGroup
              className={s.fieldWrap}
              value={form.values.vat_registered || null}
              onChange={(v) => form.set('vat_registered', v === 'yes' ? 'yes' : 'no')}
              isInvalid={!!form.errors.vat_registered}
              aria-describedby="vat-registered-msg"
              data-testid="vat-registered"
            >
              <Label className={s.fieldLabel}>Is the business VAT registered?</Label>
              <div className={s.row}>
                <Radio value="yes" className={s.check}>
                  {({ isSelected }) => (
                    <>
                      <span className={s.box} aria-hidden="true">
                        {isSelected ? '●' : ''}
                      </span>
                      Yes, it charges VAT
                    </>
                  )}
                </Radio>
                <Radio value="no" className={s.check}>
                  {({ isSelected }) => (
                    <>
                      <span className={s.box} aria-hidden="true">
                        {isSelected ? '●' : ''}
                      </span>
                      No
                    </>
                  )}
                </Radio>
              </div>
              <span id="vat-registered-msg" className={form.errors.vat_registered ? s.fieldError : s.fieldHint}>
                {form.errors.vat_registered ??
                  (form.values.vat_registered === 'no'
                    ? 'No VAT is charged and your invoices say "Invoice". Change it in workspace settings once registered.'
                    : 'A registered business charges VAT and issues tax invoices.')}
              </span>
            </RadioGroup>
          )}
          {form.values.country !== OTHER_COUNTRY && form.values.vat_registered === 'yes' ? (
            <TextField
              label="VAT number"
              name="vat_number"
              {...form.field('vat_number')}
              isRequired
              description={form.values.country === 'ZA' ? '10 digits, starting with 4' : 'As your tax authority issued it'}
            />
          ) : null}
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
