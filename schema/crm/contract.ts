import { z } from 'zod';
import { endpoint } from '../kit/http.js';
import { idParam, text } from '../kit/input.js';
import { forecastMonth } from './deals.js';

/**
 * The CRM's own endpoints (its contacts, pipelines and deals replicate through the sync engine): the
 * deals forecast as the server computes it, the same figures the device shows offline (issue 38).
 */
export const crmContract = {
  forecast: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/deals/forecast',
    params: z.object({ id: idParam }),
    query: z.object({ pipeline: text(64).min(1).optional() }),
    response: z.array(forecastMonth),
  }),
};
