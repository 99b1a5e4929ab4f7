import { Router } from 'express';
import type { AppDeps } from '../../app.js';

export function devRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
