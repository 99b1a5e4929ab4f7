import { defineArea } from '../../areas/area.js';
import { projectsRoutes } from './projects.routes.js';

/** Projects: boards shared through Yjs. */
export const projectsArea = defineArea({ id: 'projects', routes: [projectsRoutes] });
