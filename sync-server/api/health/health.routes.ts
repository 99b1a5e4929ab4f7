import { Router } from 'express';
import type { AppDeps } from '../../deps.js';

export function healthRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/api/health', async (_req, res) => {
    await deps.db.query('SELECT 1');
    res.json({ ok: true, driver: deps.db.driver });
  });
  return router;
}
