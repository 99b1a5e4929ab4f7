import { workspacesContract } from '../../../schema/workspaces/contract.js';
import { defineArea } from '../../areas/area.js';
import { workspacesRoutes } from './workspaces.routes.js';

/** Workspaces, their members and settings. */
export const workspacesArea = defineArea({ id: 'workspaces', contracts: { workspacesContract }, routes: [workspacesRoutes] });
