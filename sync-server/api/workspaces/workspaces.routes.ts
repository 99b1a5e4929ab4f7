import { Router } from 'express';
import type { AppDeps } from '../../app.js';

export function workspacesRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
