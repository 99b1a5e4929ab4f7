import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { aiOperations, aiOperation, type AiOperation } from '../../../schema/ai/ai';
import { renderTemplate, templateInput, usedVariables, type TemplateDto } from '../../../schema/ai/ai-templates';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState, LoadError, Notice } from '../../ui/feedback';
import { SelectField } from '../../ui/form-controls';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import * as s from '../../ui/page.css';
import { OnlineOnly } from '../../shell/pwa/online-only';
import { serverMessage } from '../../kit/workspace-queries';
import { saveBrief, screenOf } from './brief-store';
import { templateCalls, useTemplateChange, useTemplates } from './use-ai';

const route = getRouteApi('/protected/workspace/$workspaceId/prompt-management');

/** /workspace/{id}/prompt-management: the workspace's saved prompt templates, with {{variables}}. */
export function PromptsPage() {
  const { workspaceId } = route.useParams();
  const templates = useTemplates(workspaceId);
  return (
    <section className={s.page} aria-labelledby="prompts-title">
      <header className={s.pageHeader}>
        <div>
          <h1 id="prompts-title" className={s.title}>
            Prompt templates
          </h1>
          <p className={s.muted}>Briefs you use again, with {'{{variables}}'} you fill in each time.</p>
        </div>
      </header>
      <OnlineOnly what="Prompt templates">
        <NewTemplate workspaceId={workspaceId} />
        {templates.isPending ? (
          <Spinner label="Loading templates" />
        ) : templates.isError ? (
          <LoadError
            title="Templates could not be loaded"
            message={serverMessage(templates.error)}
            onRetry={() => void templates.refetch()}
          />
        ) : templates.data && templates.data.templates.length > 0 ? (
          <ul className={s.list} aria-label="Saved templates">
            {templates.data.templates.map((t) => (
              <li key={t.id} className={s.listItem}>
                <TemplateItem workspaceId={workspaceId} template={t} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title="No templates yet" />
        )}
      </OnlineOnly>
    </section>
  );
}

function NewTemplate({ workspaceId }: { workspaceId: number }) {
  const [name, setName] = useState('');
  const [operation, setOperation] = useState<AiOperation>('product_description');
  const [template, setTemplate] = useState('');
  const [variables, setVariables] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useTemplateChange((input: Parameters<typeof templateCalls.create>[1]) => templateCalls.create(workspaceId, input));

  const submit = () => {
    const parsed = templateInput.safeParse({
      name,
      operation,
      template,
      variables: variables
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0] ?? 'template')] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setTemplate('');
        setVariables('');
      },
    });
  };

  return (
    <Card aria-labelledby="new-template-title">
      <h2 id="new-template-title" className={s.sectionTitle}>
        New template
      </h2>
      <div className={s.stack}>
        <TextField label="Name" value={name} onChange={setName} error={errors.name} />
        <SelectField
          label="What it writes"
          value={operation}
          options={aiOperation.options.map((op) => ({ value: op, label: aiOperations[op].label }))}
          onChange={setOperation}
        />
        <TextField
          label="Template"
          multiline
          value={template}
          onChange={setTemplate}
          error={errors.template}
          description="Write {{name}} where a value goes, e.g. “A description of {{product}} for {{audience}}”."
        />
        <TextField
          label="Variables"
          value={variables}
          onChange={setVariables}
          error={errors.variables}
          description="The variables' names, separated by commas, e.g. product, audience."
        />
        {save.isError ? <Notice tone="error" title={serverMessage(save.error)} /> : null}
        <div className={s.formActions}>
          <Button onPress={submit} isDisabled={save.isPending}>
            Save template
          </Button>
        </div>
      </div>
    </Card>
  );
}

function TemplateItem({ workspaceId, template: t }: { workspaceId: number; template: TemplateDto }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const remove = useTemplateChange(() => templateCalls.remove(workspaceId, t.id));

  const use = () => {
    const rendered = renderTemplate(t.template, t.variables, values);
    if (!rendered.ok) {
      setError(rendered.message);
      return;
    }
    const screen = screenOf(t.operation);
    saveBrief(workspaceId, screen, rendered.text);
    void navigate({
      to: screen === 'marketing' ? '/workspace/$workspaceId/ai-marketing' : '/workspace/$workspaceId/ai-generator',
      params: { workspaceId },
    });
  };

  return (
    <div className={s.itemMain}>
      <p className={s.itemName}>{t.name}</p>
      <p className={s.muted}>
        {aiOperations[t.operation].label} · {t.template}
      </p>
      {usedVariables(t.template).map((name) => (
        <TextField key={name} label={name} value={values[name] ?? ''} onChange={(v) => setValues({ ...values, [name]: v })} />
      ))}
      {error ? <Notice tone="error" title={error} /> : null}
      <div className={s.actionRow}>
        <Button onPress={use}>Use this brief</Button>
        <Button variant="ghost" onPress={() => remove.mutate(undefined)} isDisabled={remove.isPending}>
          Delete
        </Button>
      </div>
    </div>
  );
}
