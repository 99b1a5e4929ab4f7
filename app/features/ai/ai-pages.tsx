import { getRouteApi } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { aiOperations, BRIEF_MAX, operationsFor, priceInCredits, type AiOperation } from '../../../schema/ai/ai';
import { LinkButton } from '../../routes/link-button';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { LoadError, Notice } from '../../ui/feedback';
import { SelectField } from '../../ui/form-controls';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import * as s from '../../ui/page.css';
import { useOnline } from '../../kit/online';
import { serverMessage } from '../../kit/workspace-queries';
import { loadBrief, saveBrief } from './brief-store';
import { InsertIntoEntry } from './insert-into-entry';
import { InsertIntoProduct } from './insert-into-product';
import { aiKeys, GenerateRefused, streamGenerate, useAiBalance } from './use-ai';

const generatorRoute = getRouteApi('/protected/workspace/$workspaceId/ai-generator');
const marketingRoute = getRouteApi('/protected/workspace/$workspaceId/ai-marketing');

/** /workspace/{id}/ai-generator: blog posts, product descriptions and captions from a short brief. */
export function GeneratorPage() {
  const { workspaceId } = generatorRoute.useParams();
  return (
    <Writer
      workspaceId={workspaceId}
      screen="generator"
      title="AI Generator"
      intro="Blog posts, product descriptions and captions from a short brief."
    />
  );
}

/** /workspace/{id}/ai-marketing: campaign ideas and social captions in the workspace's voice. */
export function MarketingPage() {
  const { workspaceId } = marketingRoute.useParams();
  return (
    <Writer
      workspaceId={workspaceId}
      screen="marketing"
      title="AI Marketing"
      intro="Campaign ideas and social captions in your business's voice."
    />
  );
}

type Run =
  | { state: 'idle' }
  | { state: 'running'; text: string }
  | { state: 'done'; text: string; used: number; balance: number; operation: AiOperation; brief: string; sample: boolean }
  | { state: 'failed'; text: string; message: string }
  | { state: 'refused'; message: string; buy: boolean };

function Writer({
  workspaceId,
  screen,
  title,
  intro,
}: {
  workspaceId: number;
  screen: 'generator' | 'marketing';
  title: string;
  intro: string;
}) {
  const online = useOnline();
  const balance = useAiBalance(workspaceId);
  const client = useQueryClient();
  const operations = operationsFor(screen);
  const [operation, setOperation] = useState<AiOperation>(operations[0] ?? 'product_description');
  const [brief, setBrief] = useState(() => loadBrief(workspaceId, screen));
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const trimmed = brief.trim();
  const price = priceInCredits(operation, trimmed.length);
  const tooLong = trimmed.length > BRIEF_MAX;

  const changeBrief = (value: string) => {
    setBrief(value);
    saveBrief(workspaceId, screen, value);
  };

  const generate = async () => {
    setRun({ state: 'running', text: '' });
    let text = '';
    try {
      await streamGenerate(workspaceId, { operation, brief: trimmed }, (event) => {
        if (event.type === 'delta') {
          text += event.text;
          setRun({ state: 'running', text });
        } else if (event.type === 'done') {
          setRun({
            state: 'done',
            text,
            used: event.credits_used,
            balance: event.balance,
            operation,
            brief: trimmed,
            sample: event.sample,
          });
        } else if (event.type === 'error') {
          setRun({ state: 'failed', text, message: event.message });
        }
      });
    } catch (err) {
      if (err instanceof GenerateRefused) setRun({ state: 'refused', message: err.message, buy: err.body.code === 'insufficient_credits' });
      else setRun({ state: 'failed', text, message: 'The connection dropped. No credits were spent.' });
    } finally {
      void client.invalidateQueries({ queryKey: aiKeys.balance(workspaceId) });
    }
  };

  const running = run.state === 'running';
  const sample = balance.data?.sample_text === true;
  const kept = balance.data
    ? [
        balance.data.welcome_credits > 0
          ? `${balance.data.welcome_credits} welcome ${balance.data.welcome_credits === 1 ? 'credit' : 'credits'}`
          : null,
        balance.data.bought_credits > 0 ? `${balance.data.bought_credits} bought` : null,
      ].filter(Boolean)
    : [];
  return (
    <section className={s.page} aria-labelledby="ai-title">
      <header className={s.pageHeader}>
        <div>
          <h1 id="ai-title" className={s.title}>
            {title}
          </h1>
          <p className={s.muted}>{intro}</p>
        </div>
      </header>
      {balance.isPending ? (
        // Offline the balance waits for the connection; the notice below says so, not a spinner.
        online ? (
          <Spinner label="Loading your credits" />
        ) : null
      ) : balance.isError ? (
        <LoadError title="Your credits could not be loaded" message={serverMessage(balance.error)} onRetry={() => void balance.refetch()} />
      ) : balance.data && !balance.data.configured ? (
        <Notice tone="info" title="AI writing is not available">
          <p className={s.muted}>No writing service is set up for this site, so nothing can be written and nothing is charged.</p>
        </Notice>
      ) : balance.data ? (
        <>
          <p className={s.muted} data-testid="ai-balance">
            AI credits: <strong>{balance.data.total}</strong> ({balance.data.plan_credits} of your plan’s{' '}
            {balance.data.plan_credits_per_cycle} this cycle{kept.map((k) => `, ${k}`).join('')})
          </p>
          {sample ? (
            <Notice tone="info" title="Sample text only">
              <p className={s.muted} data-testid="ai-sample-notice">
                No writing service is set up for this site, so a local stand-in writes sample text from your brief. It is free: no credits
                are used.
              </p>
            </Notice>
          ) : null}
        </>
      ) : null}
      <Card aria-labelledby="ai-brief-title">
        <h2 id="ai-brief-title" className={s.sectionTitle}>
          Your brief
        </h2>
        <div className={s.stack}>
          <SelectField
            label="What to write"
            value={operation}
            options={operations.map((op) => ({ value: op, label: aiOperations[op].label }))}
            onChange={setOperation}
          />
          <TextField
            label="Brief"
            multiline
            value={brief}
            onChange={changeBrief}
            description={`A few words about what to write (at most ${BRIEF_MAX} characters). Kept on this device.`}
            error={tooLong ? `A brief can be at most ${BRIEF_MAX} characters.` : undefined}
          />
          <p className={s.muted} data-testid="ai-price">
            {sample
              ? 'Sample text: free.'
              : `Price: ${price} ${price === 1 ? 'credit' : 'credits'}. Charged by what is really written, never more.`}
          </p>
          {online ? (
            <div className={s.formActions}>
              <Button onPress={() => void generate()} isDisabled={running || !trimmed || tooLong || balance.data?.configured === false}>
                {running ? 'Writing…' : sample ? 'Write sample text (free)' : `Write for ${price} ${price === 1 ? 'credit' : 'credits'}`}
              </Button>
            </div>
          ) : (
            <Notice tone="info" title="AI writing needs a connection">
              <p className={s.muted}>You're offline. Your brief is kept on this device; write it when you reconnect.</p>
            </Notice>
          )}
        </div>
      </Card>
      <Outcome run={run} workspaceId={workspaceId} />
    </section>
  );
}

function Outcome({ run, workspaceId }: { run: Run; workspaceId: number }) {
  if (run.state === 'idle') return null;
  if (run.state === 'refused') {
    return (
      <Notice tone="error" title="Nothing was written">
        <p className={s.muted} data-testid="ai-refused">
          {run.message}
        </p>
        {run.buy ? (
          <LinkButton to="/workspace/$workspaceId/billing/credits" params={{ workspaceId }}>
            Buy a credit pack
          </LinkButton>
        ) : null}
      </Notice>
    );
  }
  return (
    <Card aria-labelledby="ai-output-title">
      <h2 id="ai-output-title" className={s.sectionTitle}>
        {run.state === 'done' && run.sample ? 'Sample text' : 'Written text'}
      </h2>
      <div className={s.stack}>
        <p data-testid="ai-output" aria-live="polite" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {run.text}
        </p>
        {run.state === 'failed' ? (
          <Notice tone="error" title="The text could not be finished">
            <p className={s.muted} data-testid="ai-failed">
              {run.message}
            </p>
          </Notice>
        ) : null}
        {run.state === 'done' ? (
          <>
            <p className={s.muted} data-testid="ai-charged">
              {run.sample
                ? `Sample text from the local stand-in, not written for you: nothing was charged. Credits left: ${run.balance}.`
                : `Used ${run.used} ${run.used === 1 ? 'credit' : 'credits'}. Credits left: ${run.balance}.`}
            </p>
            {run.operation === 'product_description' ? (
              <InsertIntoProduct workspaceId={workspaceId} text={run.text} />
            ) : (
              <InsertIntoEntry workspaceId={workspaceId} operation={run.operation} text={run.text} brief={run.brief} />
            )}
          </>
        ) : null}
      </div>
    </Card>
  );
}
