import { driveContract } from '../../../schema/drive/contract.js';
import { picturesContract } from '../../../schema/pictures/contract.js';
import { defineArea } from '../../areas/area.js';
import { driveRoutes } from './drive.routes.js';
import { removeWorkspaceFiles } from './drive.service.js';
import { startDriveSweeper } from './drive.sweeper.js';
import { usedBytes } from './drive.repo.js';

/** Drive: workspace files, with the sweeper that empties the trash and drops idle uploads, and their bytes removed with their workspace. */
export const driveArea = defineArea({
  id: 'drive',
  contracts: { driveContract, picturesContract },
  routes: [driveRoutes],
  start: [(deps) => startDriveSweeper(deps)],
  // Files (the trash included) and the collaborative documents' stored updates.
  limits: { storageBytes: { used: usedBytes } },
  workspaceRemoved: async (deps, workspaceId) => {
    await removeWorkspaceFiles(deps, workspaceId);
  },
});
