import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generateEvent, type GenerateBody, type GenerateEvent } from '../../../schema/ai/ai';
import type { TemplateInput } from '../../../schema/ai/ai-templates';
import { aiContract as c } from '../../../schema/ai/contract';
import { errorBody, fillPath, type ErrorBody } from '../../../schema/kit/http';
import { call, queryEndpoint, refreshSession } from '../../data/api';

export const aiKeys = {
  all: ['ai'] as const,
  balance: (ws: number) => ['ai', ws, 'balance'] as const,
  templates: (ws: number) => ['ai', ws, 'templates'] as const,
};

export function useAiBalance(ws: number) {
  return useQuery({ queryKey: aiKeys.balance(ws), queryFn: () => queryEndpoint(c.balance, { params: { id: ws } }) });
}

export function useTemplates(ws: number) {
  return useQuery({ queryKey: aiKeys.templates(ws), queryFn: () => queryEndpoint(c.templates, { params: { id: ws } }) });
}

export function useTemplateChange<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: aiKeys.all }) });
}

export const templateCalls = {
  create: (ws: number, body: TemplateInput) => call(c.createTemplate, { params: { id: ws }, body }),
  remove: (ws: number, templateId: string) => call(c.deleteTemplate, { params: { id: ws, templateId } }),
};

/** Why a generation did not start: the server's message and code (too few credits, not configured). */
export class GenerateRefused extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message);
  }
}

function post(ws: number, body: GenerateBody): Promise<Response> {
  return fetch(fillPath(c.generate.path, { id: ws }), {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/x-ndjson', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
}

/**
 * Runs one generation and hands each event to `onEvent` as it arrives (the text streams in).
 * A refusal before the run starts throws GenerateRefused with the server's message.
 */
export async function streamGenerate(ws: number, body: GenerateBody, onEvent: (event: GenerateEvent) => void): Promise<void> {
  let res = await post(ws, body);
  if (res.status === 401 && (await refreshSession())) res = await post(ws, body);
  if (!res.ok || !res.body) {
    const parsed = errorBody.safeParse(await res.json().catch(() => undefined));
    throw new GenerateRefused(parsed.success ? parsed.data : { message: 'The text could not be written. No credits were spent.' });
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const read = await reader.read();
    if (read.done) break;
    buffer += decoder.decode(read.value, { stream: true });
    let nl = buffer.indexOf('\n');
    while (nl !== -1) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line) {
        const event = generateEvent.safeParse(JSON.parse(line));
        if (event.success) onEvent(event.data);
      }
      nl = buffer.indexOf('\n');
    }
  }
}
