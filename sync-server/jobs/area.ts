import { defineArea } from '../areas/area.js';
import { dbUpkeepJobs } from './db-upkeep.jobs.js';

/** The embedded database's upkeep. */
export const dbUpkeepArea = defineArea({ id: 'db-upkeep', jobs: [dbUpkeepJobs] });
