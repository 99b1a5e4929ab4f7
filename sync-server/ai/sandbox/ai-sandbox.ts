import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * A local OpenAI-compatible chat endpoint (DESIGN.md §9) on its own port, for tests and for
 * development without a provider. It speaks the real wire format — `POST /v1/chat/completions`,
 * Bearer key, `stream: true` answered as server-sent `data:` chunks ending in `data: [DONE]`, usage
 * in a last chunk when `stream_options.include_usage` is set — and writes a deterministic text from
 * the prompt, so a test knows what it will read.
 *
 * It can be told to fail: `failNext(mode)` from a test in the same process, or a prompt containing
 * `[sandbox:fail]` (refused with a 500) or `[sandbox:break]` (breaks off mid-stream) from a browser.
 */
export interface AiSandbox {
  url: string;
  apiKey: string;
  model: string;
  /** The next request fails this way (tests). */
  failNext(mode: FailMode): void;
  /** Requests received so far (tests read what was sent). */
  requests: SandboxRequest[];
  close(): Promise<void>;
}

export type FailMode = 'refuse' | 'break';

export interface SandboxRequest {
  model: string;
  messages: { role: string; content: string }[];
  maxTokens: number | null;
  stream: boolean;
  includeUsage: boolean;
}

const requestSchema = z.object({
  model: z.string().min(1),
  messages: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })).min(1),
  max_tokens: z.number().int().positive().optional(),
  stream: z.boolean().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).optional(),
});

/** Roughly four characters a token, as the sandbox counts them. */
export function sandboxTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** The text the sandbox writes for a prompt: built from the last user message, cut to `maxTokens`. */
export function sandboxText(prompt: string, maxTokens: number | null): string {
  const subject = prompt.replace(/\s+/g, ' ').trim().slice(0, 160);
  const full =
    `${subject}. ` + 'Made with care for people who want something that lasts. ' + 'Order today and see why customers come back for more.';
  const limit = (maxTokens ?? 1000) * 4;
  return full.length > limit ? full.slice(0, limit) : full;
}

export async function startAiSandbox(options: { apiKey: string; model?: string; port?: number; host?: string }): Promise<AiSandbox> {
  const model = options.model ?? 'sandbox-writer-1';
  const failures: FailMode[] = [];
  const requests: SandboxRequest[] = [];

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { error: { message: 'Sandbox error', type: 'server_error' } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/chat/completions') {
      return send(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    }
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return send(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    }
    const parsed = requestSchema.safeParse(await readJson(req));
    if (!parsed.success) return send(res, 400, { error: { message: 'Invalid request body', type: 'invalid_request_error' } });
    const body = parsed.data;
    const lastUser = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    requests.push({
      model: body.model,
      messages: body.messages,
      maxTokens: body.max_tokens ?? null,
      stream: body.stream === true,
      includeUsage: body.stream_options?.include_usage === true,
    });
    const failure =
      failures.shift() ?? (lastUser.includes('[sandbox:fail]') ? 'refuse' : lastUser.includes('[sandbox:break]') ? 'break' : null);
    if (failure === 'refuse') return send(res, 500, { error: { message: 'The model is overloaded', type: 'server_error' } });

    const text = sandboxText(lastUser, body.max_tokens ?? null);
    const promptTokens = body.messages.reduce((sum, m) => sum + sandboxTokens(m.content), 0);
    const completionTokens = sandboxTokens(text);
    const id = `chatcmpl-sandbox-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) {
      return send(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      });
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    const chunk = (delta: Record<string, string>, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    // Word by word, each in its own write, so the reader really receives pieces.
    const words = text.match(/\S+\s*/g) ?? [];
    for (const [i, word] of words.entries()) {
      if (failure === 'break' && i === Math.floor(words.length / 2)) {
        res.destroy();
        return;
      }
      res.write(chunk({ content: word }, null));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    res.write(chunk({}, 'stop'));
    if (body.stream_options?.include_usage) {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens } })}\n\n`,
      );
    }
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey: options.apiKey,
    model,
    requests,
    failNext: (mode) => void failures.push(mode),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req) {
    const buf = Buffer.isBuffer(part) ? part : Buffer.from(String(part));
    size += buf.length;
    if (size > 1_000_000) return undefined;
    parts.push(buf);
  }
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    return undefined;
  }
}
