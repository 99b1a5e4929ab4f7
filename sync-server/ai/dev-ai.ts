import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { startAiSandbox, type AiSandbox } from './sandbox/ai-sandbox.js';

/**
 * Outside production with no AI_BASE_URL, AI writing goes to the local OpenAI-compatible sandbox:
 * it starts on its own port with a fresh key and the config is pointed at it. It stands in for a
 * writing service, so its text is sample text and free, unless AI_SANDBOX_BILLING asks it to charge.
 * Returns null when a real endpoint is configured, or in production, where a missing endpoint turns
 * AI writing off.
 */
export async function startDevAi(config: Config, log: Logger): Promise<AiSandbox | null> {
  if (config.AI_BASE_URL || config.isProduction) return null;
  const port = config.AI_SANDBOX_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 2000);
  const sandbox = await startAiSandbox({ apiKey: `sk-sandbox-${randomBytes(16).toString('hex')}`, port });
  config.AI_BASE_URL = sandbox.url;
  config.AI_API_KEY = sandbox.apiKey;
  config.AI_MODEL = sandbox.model;
  config.aiStandIn = config.AI_SANDBOX_BILLING === 'free';
  log.info(`AI writing sandbox on ${sandbox.url}`);
  return sandbox;
}
