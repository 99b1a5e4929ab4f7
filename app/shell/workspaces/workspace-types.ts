import type { z } from 'zod';
import type { workspaceType } from '../../../schema/workspaces/workspaces';

type WorkspaceType = z.infer<typeof workspaceType>;

/** How each workspace type reads in the create form; keys are schema/workspaces/workspaces.ts `workspaceType`. */
export const workspaceTypeLabels: Record<WorkspaceType, string> = {
  retail: 'Retail shop',
  services: 'Services',
  freelance: 'Freelance',
  market: 'Market stall',
  food: 'Food and drink',
  events: 'Events',
  classifieds: 'Classified ads',
  other: 'Other',
};
