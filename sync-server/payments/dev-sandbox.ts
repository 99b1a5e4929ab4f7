import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { WEBHOOK_PATH } from './payments.js';
import { startPaystackSandbox, type PaystackSandbox } from './sandbox/sandbox.js';
import { brand } from '../../schema/brand.js';

/**
 * Outside production with no PAYSTACK_SECRET_KEY, card payments go to the local sandbox: it starts
 * on its own port with a fresh test key and the config is pointed at it. Returns null when a real
 * key is configured (or in production, where a missing key simply turns card payments off).
 */
export async function startDevSandbox(
  config: Config,
  log: Logger,
): Promise<{ sandbox: PaystackSandbox; attach(appPort: number): void } | null> {
  if (config.PAYSTACK_SECRET_KEY || config.isProduction) return null;
  const secretKey = `sk_test_sandbox_${randomBytes(16).toString('hex')}`;
  const port = config.PAYSTACK_SANDBOX_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 1000);
  const sandbox = await startPaystackSandbox({
    secretKey,
    port,
    merchant: brand.product,
    onError: (message) => log.warn(message),
  });
  config.PAYSTACK_SECRET_KEY = secretKey;
  config.PAYSTACK_BASE_URL = sandbox.apiUrl;
  log.info(`Paystack sandbox on ${sandbox.url} (test card 4084 0840 8408 4081)`);
  return {
    sandbox,
    attach(appPort) {
      sandbox.webhookUrl = `http://127.0.0.1:${appPort}${WEBHOOK_PATH}`;
    },
  };
}
