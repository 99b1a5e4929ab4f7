import { z } from 'zod';
import { currencyCode, usdRates } from '../kit/currency.js';
import { endpoint } from '../kit/http.js';

/** What GET /api/exchange-rates answers: USD-based rates for every display currency (spec §9). */
export const exchangeRatesDto = z.object({
  base: z.literal('USD'),
  rates: usdRates,
  /** 'live' when the rate service answered; 'fallback' when every rate is the built-in one. */
  source: z.enum(['live', 'fallback']),
  /** Currencies whose rate is the built-in one (missing from the service, or the service failed). */
  fallbacks: z.array(currencyCode),
  /** When the rates were fetched (ISO 8601); they are kept for one hour. */
  fetchedAt: z.string(),
});
export type ExchangeRatesDto = z.infer<typeof exchangeRatesDto>;

export const publicContract = {
  exchangeRates: endpoint({ method: 'GET', path: '/api/exchange-rates', response: exchangeRatesDto }),
} as const;
