import { z } from 'zod';

/** Where the adapter sends requests: any OpenAI-compatible chat endpoint (DESIGN.md §9). */
export interface AiEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: readonly ChatMessage[];
  maxTokens: number;
  signal?: AbortSignal;
}

export interface ChatResult {
  text: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
}

/** A generation the endpoint refused or broke off; `message` is safe to show. */
export class AiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

// One `data:` chunk of a streamed completion. Providers add fields of their own; only these are read.
const chunkSchema = z.object({
  model: z.string().optional(),
  choices: z
    .array(z.object({ delta: z.object({ content: z.string().nullish() }).partial().optional(), finish_reason: z.string().nullish() }))
    .optional(),
  usage: z.object({ prompt_tokens: z.number().int().nonnegative(), completion_tokens: z.number().int().nonnegative() }).nullish(),
  error: z.object({ message: z.string() }).optional(),
});

/** `baseUrl` may be given with or without the `/v1` most providers document. */
export function completionsUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return `${trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`}/chat/completions`;
}

/**
 * Streams one chat completion: `onDelta` gets each piece of text as it arrives; the promise resolves
 * with the whole text and the token counts the endpoint reported (asked for with
 * `stream_options.include_usage`). A stream that ends without `[DONE]` or without usage is a failure:
 * the charge is settled by the real token count, so a generation with no count is not settled.
 */
export async function streamChat(endpoint: AiEndpoint, request: ChatRequest, onDelta: (text: string) => void): Promise<ChatResult> {
  let response: Response;
  try {
    response = await fetch(completionsUrl(endpoint.baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${endpoint.apiKey}`, Accept: 'text/event-stream' },
      body: JSON.stringify({
        model: endpoint.model,
        messages: request.messages,
        max_tokens: request.maxTokens,
        stream: true,
        stream_options: { include_usage: true },
      }),
      signal: request.signal,
    });
  } catch {
    throw new AiError('The writing service could not be reached.', null);
  }
  if (!response.ok || !response.body) {
    throw new AiError(`The writing service answered ${response.status}.`, response.status);
  }
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  let model = endpoint.model;
  let usage: { prompt: number; completion: number } | null = null;
  let done = false;
  const reader = response.body.getReader();
  try {
    while (!done) {
      const read = await reader.read();
      if (read.done) break;
      buffer += decoder.decode(read.value, { stream: true });
      // Events are separated by a blank line; a chunk of bytes may end mid-event.
      let cut = buffer.search(/\r?\n\r?\n/);
      while (cut !== -1) {
        const event = buffer.slice(0, cut);
        buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '');
        const data = event
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (data === '[DONE]') {
          done = true;
          break;
        }
        if (data) {
          const parsed = chunkSchema.safeParse(safeJson(data));
          if (!parsed.success) throw new AiError('The writing service sent something unreadable.', null);
          const chunk = parsed.data;
          if (chunk.error) throw new AiError(`The writing service stopped: ${chunk.error.message}`, null);
          if (chunk.model) model = chunk.model;
          for (const choice of chunk.choices ?? []) {
            const piece = choice.delta?.content;
            if (piece) {
              text += piece;
              onDelta(piece);
            }
          }
          if (chunk.usage) usage = { prompt: chunk.usage.prompt_tokens, completion: chunk.usage.completion_tokens };
        }
        cut = buffer.search(/\r?\n\r?\n/);
      }
    }
  } catch (error) {
    if (error instanceof AiError) throw error;
    throw new AiError('The writing service broke off.', null);
  } finally {
    // Stops the download when we gave up early; harmless on a finished stream.
    await reader.cancel().catch(() => undefined);
  }
  if (!done) throw new AiError('The writing service broke off.', null);
  if (!usage) throw new AiError('The writing service did not report its token count.', null);
  return { text, model, promptTokens: usage.prompt, completionTokens: usage.completion };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The configured endpoint, or null when AI writing is off (no AI_BASE_URL). */
export function aiEndpoint(config: { AI_BASE_URL?: string; AI_API_KEY?: string; AI_MODEL: string }): AiEndpoint | null {
  if (!config.AI_BASE_URL) return null;
  return { baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY ?? '', model: config.AI_MODEL };
}
