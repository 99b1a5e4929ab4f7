import { z } from 'zod';
import { completeRates, currencyCodes, fallbackRates } from '../../../schema/kit/currency.js';
import type { ExchangeRatesDto } from '../../../schema/public/contract.js';
import type { AppDeps } from '../../deps.js';

/** Spec §9: rates are kept for one hour. */
export const RATES_TTL_MS = 60 * 60 * 1000;
/** After a failed fetch the built-in rates are served this long before the service is tried again. */
export const FAILURE_RETRY_MS = 5 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5000;

/** The USD-based answer of the rate service: `{ result: 'success' }` or `{ success: true }`, and rates. */
const upstreamBody = z.object({
  result: z.string().optional(),
  success: z.boolean().optional(),
  rates: z.record(z.string(), z.unknown()),
});

export interface ExchangeRatesService {
  current(): Promise<ExchangeRatesDto>;
}

/**
 * Fetches rates from `config.EXCHANGE_RATES_URL`, keeps them in memory for an hour, and falls back to
 * the built-in rates when the service fails (logged only, spec §8). Concurrent callers share one fetch.
 */
export function exchangeRatesService(deps: Pick<AppDeps, 'config' | 'log' | 'now'>): ExchangeRatesService {
  let cached: { value: ExchangeRatesDto; until: number } | null = null;
  let inflight: Promise<ExchangeRatesDto> | null = null;

  async function load(): Promise<ExchangeRatesDto> {
    const fetchedAt = deps.now();
    try {
      const res = await fetch(deps.config.EXCHANGE_RATES_URL, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`rate service answered ${res.status}`);
      const body = upstreamBody.parse(await res.json());
      if (body.result !== 'success' && body.success !== true) throw new Error('rate service reported failure');
      const { rates, fallbacks } = completeRates(body.rates);
      if (fallbacks.length > 0) deps.log.warn({ fallbacks }, 'exchange rates: missing rates use built-in values');
      const value: ExchangeRatesDto = {
        base: 'USD',
        rates,
        source: 'live',
        fallbacks,
        fetchedAt: fetchedAt.toISOString(),
      };
      cached = { value, until: fetchedAt.getTime() + RATES_TTL_MS };
      return value;
    } catch (err) {
      deps.log.warn({ err }, 'exchange rates: service failed, using built-in rates');
      const value: ExchangeRatesDto = {
        base: 'USD',
        rates: { ...fallbackRates },
        source: 'fallback',
        fallbacks: currencyCodes.filter((c) => c !== 'USD'),
        fetchedAt: fetchedAt.toISOString(),
      };
      cached = { value, until: fetchedAt.getTime() + FAILURE_RETRY_MS };
      return value;
    }
  }

  return {
    current() {
      if (cached && deps.now().getTime() < cached.until) return Promise.resolve(cached.value);
      inflight ??= load().finally(() => {
        inflight = null;
      });
      return inflight;
    },
  };
}
