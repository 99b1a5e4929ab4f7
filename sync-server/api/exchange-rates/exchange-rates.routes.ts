import { Router } from 'express';
import { publicContract } from '../../../schema/public/contract.js';
import type { AppDeps } from '../../deps.js';
import { mount } from '../../http/route.js';
import { exchangeRatesService } from './exchange-rates.service.js';

/** GET /api/exchange-rates: public, cached server-side for an hour (spec §7, §9). */
export function exchangeRatesRoutes(deps: AppDeps): Router {
  const router = Router();
  const rates = exchangeRatesService(deps);
  mount(router, publicContract.exchangeRates, async (_input, _req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    return rates.current();
  });
  return router;
}
