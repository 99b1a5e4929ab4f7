import { defineArea } from '../../areas/area.js';
import { healthRoutes } from './health.routes.js';

/** The health check. */
export const healthArea = defineArea({ id: 'health', routes: [healthRoutes] });
