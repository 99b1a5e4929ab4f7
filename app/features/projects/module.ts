import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { defineModule } from '../../module';
import { CHANNEL_NAME } from '../../../schema/projects/channel-name';
import { matching, oneOf, searchOf, uuid } from '../../routes/search-params';
import { workspaceRoute } from '../../shell/workspace-route';
import { projectViews } from './project-views';

/** ?project=<id> picks the project a view shows; ?task=<id> opens a task over it. */
const viewSearch = searchOf({ project: uuid(), task: uuid() });
const projectView = oneOf(projectViews);
const projectId = uuid();

export const projectManagerRoute = createRoute({ getParentRoute: () => workspaceRoute, path: 'project-manager' });

const projectsIndexRoute = createRoute({
  getParentRoute: () => projectManagerRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./projects-page'), 'ProjectsPage'),
});

const viewRoute = createRoute({
  getParentRoute: () => projectManagerRoute,
  path: '$view',
  params: {
    parse: ({ view }) => ({ view: projectView.parse(view) }),
    stringify: ({ view }) => ({ view }),
  },
  validateSearch: viewSearch,
  component: lazyRouteComponent(() => import('./project-page'), 'ProjectViewPage'),
});

/** The workspace's team channels (?channel=<name> opens one); static, so it wins over `$view`. */
const channelsRoute = createRoute({
  getParentRoute: () => projectManagerRoute,
  path: 'channels',
  validateSearch: searchOf({ channel: matching(CHANNEL_NAME, 'a channel name') }),
  component: lazyRouteComponent(() => import('./channels-page'), 'ChannelsPage'),
});

/** A project's own page: its board, with the other views a tab away. */
const projectRoute = createRoute({
  getParentRoute: () => projectManagerRoute,
  path: 'projects/$projectId',
  params: {
    parse: (raw) => ({ projectId: projectId.parse(raw.projectId) }),
    stringify: ({ projectId }) => ({ projectId }),
  },
  validateSearch: searchOf({ task: uuid() }),
  component: lazyRouteComponent(() => import('./project-page'), 'ProjectPage'),
});

/** Who is on a project; changed on the server, so the screen is fetched online (vite.config.ts). */
const projectMembersRoute = createRoute({
  getParentRoute: () => projectManagerRoute,
  path: 'projects/$projectId/members',
  params: {
    parse: (raw) => ({ projectId: projectId.parse(raw.projectId) }),
    stringify: ({ projectId }) => ({ projectId }),
  },
  component: lazyRouteComponent(() => import('./project-members'), 'ProjectMembersPage'),
});

/** spec §2 lists `projects` among the workspace's pages: it is this module's front page. */
const projectsAliasRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/workspace/$workspaceId/project-manager', params, replace: true });
  },
});

export const projectsModule = defineModule({
  id: 'projects',
  routes: [
    projectManagerRoute.addChildren([projectsIndexRoute, channelsRoute, viewRoute, projectRoute, projectMembersRoute]),
    projectsAliasRoute,
  ],
  nav: { label: 'Projects', to: '/workspace/$workspaceId/project-manager' },
  // Task due dates on the planner's calendar, from the projects' documents on this device.
  calendar: () => import('./calendar-source').then((m) => m.taskDueDates),
});
