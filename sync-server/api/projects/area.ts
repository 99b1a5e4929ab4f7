import { projectsContract } from '../../../schema/projects/contract.js';
import { defineArea } from '../../areas/area.js';
import { projectsRoutes } from './projects.routes.js';
import { startYjs } from './yjs/yjs.js';

/** Projects: boards shared through Yjs (their documents' socket at `/api/yjs/:doc`). */
export const projectsArea = defineArea({
  id: 'projects',
  contracts: { projectsContract },
  routes: [projectsRoutes],
  sockets: [startYjs],
});
