/**
 * The views of `project-manager/{view}` (spec §2); the project list is the module's front page. A
 * file of its own: the route (module.ts) and the page it loads lazily both need the list.
 */
export const projectViews = ['board', 'list', 'calendar', 'chat', 'standups', 'noticeboard'] as const;
export type ProjectView = (typeof projectViews)[number];
