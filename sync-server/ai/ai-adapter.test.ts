import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiError, completionsUrl, streamChat, type AiEndpoint } from './ai-adapter.js';
import { sandboxText, startAiSandbox, type AiSandbox } from './sandbox/ai-sandbox.js';

describe('the AI adapter over the OpenAI-compatible wire format', () => {
  let sandbox: AiSandbox;
  let endpoint: AiEndpoint;
  beforeAll(async () => {
    sandbox = await startAiSandbox({ apiKey: 'sk-test-key' });
    endpoint = { baseUrl: sandbox.url, apiKey: sandbox.apiKey, model: 'writer-x' };
  });
  afterAll(() => sandbox.close());

  it('streams the text in pieces and reports the real token counts', async () => {
    const pieces: string[] = [];
    const result = await streamChat(
      endpoint,
      {
        messages: [
          { role: 'system', content: 'Write well.' },
          { role: 'user', content: 'Handwoven baskets from Durban' },
        ],
        maxTokens: 300,
      },
      (p) => pieces.push(p),
    );
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join('')).toBe(result.text);
    expect(result.text).toBe(sandboxText('Handwoven baskets from Durban', 300));
    expect(result.completionTokens).toBe(Math.ceil(result.text.length / 4));
    expect(result.promptTokens).toBe(Math.ceil('Write well.'.length / 4) + Math.ceil('Handwoven baskets from Durban'.length / 4));
    const sent = sandbox.requests.at(-1);
    expect(sent).toMatchObject({ model: 'writer-x', stream: true, includeUsage: true, maxTokens: 300 });
  });

  it('a refused request is an AiError with the status, and nothing streamed', async () => {
    sandbox.failNext('refuse');
    const pieces: string[] = [];
    const run = streamChat(endpoint, { messages: [{ role: 'user', content: 'x' }], maxTokens: 50 }, (p) => pieces.push(p));
    await expect(run).rejects.toBeInstanceOf(AiError);
    await expect(run).rejects.toMatchObject({ status: 500 });
    expect(pieces).toEqual([]);
  });

  it('a stream broken off before [DONE] fails even after some text arrived', async () => {
    sandbox.failNext('break');
    const pieces: string[] = [];
    await expect(
      streamChat(endpoint, { messages: [{ role: 'user', content: 'Fresh bread every morning' }], maxTokens: 300 }, (p) => pieces.push(p)),
    ).rejects.toThrow('The writing service broke off.');
    expect(pieces.length).toBeGreaterThan(0);
  });

  it('a wrong key is refused with 401', async () => {
    await expect(
      streamChat({ ...endpoint, apiKey: 'wrong' }, { messages: [{ role: 'user', content: 'x' }], maxTokens: 50 }, () => undefined),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('an unreachable endpoint is a clear failure', async () => {
    await expect(
      streamChat(
        { ...endpoint, baseUrl: 'http://127.0.0.1:9/v1' },
        { messages: [{ role: 'user', content: 'x' }], maxTokens: 50 },
        () => undefined,
      ),
    ).rejects.toThrow('The writing service could not be reached.');
  });

  it('the base address works with or without /v1', () => {
    expect(completionsUrl('https://api.example.com')).toBe('https://api.example.com/v1/chat/completions');
    expect(completionsUrl('https://api.example.com/v1/')).toBe('https://api.example.com/v1/chat/completions');
  });
});
