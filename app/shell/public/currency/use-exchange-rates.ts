import { useEffect, useState } from 'react';
import { fallbackRates, type UsdRates } from '../../../../schema/kit/currency-rules';

const TTL_MS = 60 * 60 * 1000;
let cached: { rates: UsdRates; at: number } | null = null;
let inflight: Promise<UsdRates> | null = null;

/**
 * Rates from our server, fetched once per page life (and again after an hour). Until they arrive, or
 * if the server can't be reached, prices use the built-in rates, so a price is always shown.
 */
function loadRates(): Promise<UsdRates> {
  if (cached && Date.now() - cached.at < TTL_MS) return Promise.resolve(cached.rates);
  // The API client and the contract (with zod) load on demand: prices show the built-in rates first.
  inflight ??= Promise.all([import('../../../data/api'), import('../../../../schema/public/contract')])
    .then(([{ call }, { publicContract }]) => call(publicContract.exchangeRates, {}))
    .then((body) => {
      cached = { rates: body.rates, at: Date.now() };
      return body.rates;
    })
    .catch(() => fallbackRates)
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

export function useExchangeRates(): UsdRates {
  const [rates, setRates] = useState<UsdRates>(() => cached?.rates ?? fallbackRates);
  useEffect(() => {
    let live = true;
    void loadRates().then((r) => {
      if (live) setRates(r);
    });
    return () => {
      live = false;
    };
  }, []);
  return rates;
}
