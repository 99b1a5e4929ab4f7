import { projectsContract } from '../../../schema/contract/projects.js';
import { defineArea } from '../../areas/area.js';
import { projectsRoutes } from './projects.routes.js';

/** Projects: boards shared through Yjs. */
export const projectsArea = defineArea({ id: 'projects', contracts: { projectsContract }, routes: [projectsRoutes] });
