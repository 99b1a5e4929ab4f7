import type { Response } from 'express';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http/errors.js';
import { aiEndpoint, streamChat, type ChatMessage } from '../../ai/ai-adapter.js';
import { aiMessages, aiOperations, priceInCredits, type GenerateBody, type GenerateEvent } from '../../../schema/ai/ai.js';
import { creditsLeft, finish, reserve } from './ai-credits.service.js';

export interface AiCaller {
  userId: number;
  workspaceId: number;
  workspaceName: string;
}

/** The messages sent for a run: the task and the workspace's voice, then the brief as the user's words. */
export function promptFor(operation: GenerateBody['operation'], brief: string, workspaceName: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: `You write for ${workspaceName}, a small business. Write in its voice: warm, clear and honest, in plain English. ${aiOperations[operation].instruction}`,
    },
    { role: 'user', content: brief },
  ];
}

/**
 * One generation, streamed to the browser as newline-delimited JSON events. Nothing is charged
 * unless a writing service is configured and the run starts (the local stand-in's sample text is free); the price is reserved at the start,
 * settled by the real token count at the end, and released in full when the run fails or the
 * browser goes away before it ends.
 */
export async function generate(deps: AppDeps, caller: AiCaller, body: GenerateBody, res: Response): Promise<void> {
  const endpoint = aiEndpoint(deps.config);
  if (!endpoint) throw new HttpError(503, aiMessages.notConfigured, { code: 'not_configured' });
  const sample = deps.config.aiStandIn;
  const price = priceInCredits(body.operation, body.brief.length);
  // The local stand-in's sample text is free: nothing is reserved or charged for it.
  const reservation = sample
    ? null
    : await reserve(deps, {
        userId: caller.userId,
        workspaceId: caller.workspaceId,
        operation: body.operation,
        price,
        service: new URL(endpoint.baseUrl).host,
        model: endpoint.model,
      });

  const abort = new AbortController();
  let ended = false;
  res.on('close', () => {
    if (!ended) abort.abort();
  });
  // no-transform keeps the compression middleware from holding the stream back.
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store, no-transform' });
  const send = (event: GenerateEvent) => {
    if (!res.writableEnded) res.write(`${JSON.stringify(event)}\n`);
  };
  send({ type: 'start', credits_reserved: reservation?.reserved ?? 0, sample });
  try {
    const result = await streamChat(
      endpoint,
      {
        messages: promptFor(body.operation, body.brief, caller.workspaceName),
        maxTokens: aiOperations[body.operation].maxTokens,
        signal: abort.signal,
      },
      (text) => send({ type: 'delta', text }),
    );
    const settled = reservation
      ? await finish(deps, reservation.usageId, { ok: true, ...result })
      : { used: 0, balance: await creditsLeft(deps, caller.userId) };
    send({ type: 'done', credits_used: settled.used, balance: settled.balance, sample });
  } catch (error) {
    deps.log.warn({ err: error, usageId: reservation?.usageId }, 'AI generation failed; its credits were released');
    if (reservation) await finish(deps, reservation.usageId, { ok: false });
    send({ type: 'error', message: aiMessages.failed });
  } finally {
    ended = true;
    res.end();
  }
}
