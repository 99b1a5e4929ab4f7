import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LinkButton } from '../../routes/link-button';
import { z } from 'zod';
import {
  priorityLabels,
  projectDocName,
  projectMessages,
  projectStatusLabels,
  type ProjectMemberDto,
} from '../../../schema/projects/projects';
import { ApiError } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { useSharedDoc, type DocStatus } from './yjs-docs';
import { docProblemMessages } from './yjs-close';
import { Notice } from '../../ui/feedback';
import { Spinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import * as w from '../../ui/page.css';
import { Board, TaskList, type Me } from './board';
import { TaskCalendar } from './calendar';
import { projectViews, type ProjectView } from './project-views';
import { useAnnounceSelf } from './presence';
import { statusColors } from './projects-page';
import * as s from './projects.css';
import { TaskDialog } from './task-dialog';
import { Chat, Noticeboard, Standups } from './team';
import { knownProjectsKey, useProject, useProjects } from './use-projects';

const projectRoute = getRouteApi('/protected/workspace/$workspaceId/project-manager/projects/$projectId');
const viewRoute = getRouteApi('/protected/workspace/$workspaceId/project-manager/$view');

const viewTitles: Record<ProjectView, string> = {
  board: 'Board',
  list: 'List',
  calendar: 'Calendar',
  chat: 'Chat',
  standups: 'Standups',
  noticeboard: 'Noticeboard',
};

const connectionWords: Record<DocStatus, string> = {
  connected: 'Live: changes reach the team as you make them',
  connecting: 'Connecting…',
  offline: 'Offline: changes are kept on this device and merge when you are back online',
};

/** /workspace/{id}/project-manager/projects/{projectId}: one project, its board first. */
export function ProjectPage() {
  const { workspaceId, projectId } = projectRoute.useParams();
  const { task } = projectRoute.useSearch();
  const navigate = useNavigate();
  const [view, setView] = useState<ProjectView>('board');
  return (
    <ProjectScreen
      workspaceId={workspaceId}
      projectId={projectId}
      view={view}
      taskId={task}
      onView={setView}
      onTask={(next) =>
        void navigate({
          to: '/workspace/$workspaceId/project-manager/projects/$projectId',
          params: { workspaceId, projectId },
          search: next ? { task: next } : {},
        })
      }
    />
  );
}

/** /workspace/{id}/project-manager/{view}: one view of a project (?project=), or a project to pick. */
export function ProjectViewPage() {
  const { workspaceId, view } = viewRoute.useParams();
  const { project, task } = viewRoute.useSearch();
  const navigate = useNavigate();
  const projects = useProjects(workspaceId);
  if (!project) {
    return (
      <section className={w.page} aria-labelledby="pick-title">
        <h1 id="pick-title" className={w.title}>
          {viewTitles[view]}
        </h1>
        <p className={w.muted}>Choose a project.</p>
        {projects.isPending ? <Spinner label="Loading projects" /> : null}
        <ul className={w.list}>
          {(projects.data?.projects ?? []).map((p) => (
            <li key={p.id} className={w.listItem}>
              <Link to="/workspace/$workspaceId/project-manager/$view" params={{ workspaceId, view }} search={{ project: p.id }}>
                {p.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <ProjectScreen
      workspaceId={workspaceId}
      projectId={project}
      view={view}
      taskId={task}
      onView={(next) =>
        void navigate({ to: '/workspace/$workspaceId/project-manager/$view', params: { workspaceId, view: next }, search: { project } })
      }
      onTask={(next) =>
        void navigate({
          to: '/workspace/$workspaceId/project-manager/$view',
          params: { workspaceId, view },
          search: next ? { project, task: next } : { project },
        })
      }
    />
  );
}

const knownList = z.array(z.object({ id: z.string(), name: z.string() }));

/** The project's name from the device when the server cannot be asked (offline). */
function knownName(userId: number | undefined, ws: number, id: string): string | null {
  if (userId === undefined) return null;
  try {
    return knownList.parse(JSON.parse(localStorage.getItem(knownProjectsKey(userId, ws)) ?? '[]')).find((p) => p.id === id)?.name ?? null;
  } catch {
    return null;
  }
}

function ProjectScreen({
  workspaceId,
  projectId,
  view,
  taskId,
  onView,
  onTask,
}: {
  workspaceId: number;
  projectId: string;
  view: ProjectView;
  taskId: string | undefined;
  onView: (view: ProjectView) => void;
  onTask: (taskId: string | null) => void;
}) {
  const { user } = useAuth();
  const project = useProject(workspaceId, projectId);
  const refused = project.error instanceof ApiError && (project.error.status === 403 || project.error.status === 404);
  const offlineName = project.isError && !refused ? knownName(user?.id, workspaceId, projectId) : null;
  const allowed = Boolean(project.data) || offlineName !== null;
  const shared = useSharedDoc(allowed && user ? user.id : null, projectDocName(workspaceId, projectId));
  const me: Me | null = user ? { id: user.id, name: user.full_name || user.email } : null;
  const awareness = shared?.awareness ?? null;
  useAnnounceSelf(awareness, me);
  const members: readonly ProjectMemberDto[] = project.data?.members ?? [];

  if (refused) {
    return (
      <section className={w.page}>
        <Notice
          tone="error"
          title={project.error instanceof ApiError && project.error.status === 404 ? projectMessages.notFound : projectMessages.notMember}
        >
          <Link to="/workspace/$workspaceId/project-manager" params={{ workspaceId }}>
            Back to projects
          </Link>
        </Notice>
      </section>
    );
  }
  if (project.isPending || (!allowed && !project.isError)) return <Spinner label="Loading the project" />;
  if (!allowed) {
    return (
      <section className={w.page}>
        <Notice tone="warning" title="This project has not been opened on this device yet">
          Open it once while online and it stays available offline.
        </Notice>
      </section>
    );
  }
  const name = project.data?.name ?? offlineName ?? '';
  const body = (v: ProjectView) => {
    if (!shared || !me) return <Spinner label="Opening the project" />;
    if (!shared.loaded && shared.status !== 'connected') return <Spinner label="Opening the project" />;
    const open = (id: string) => onTask(id);
    if (v === 'board') return <Board doc={shared.doc} me={me} members={members} onOpen={open} />;
    if (v === 'list') return <TaskList doc={shared.doc} me={me} members={members} onOpen={open} />;
    if (v === 'calendar') return <TaskCalendar doc={shared.doc} me={me} members={members} onOpen={open} />;
    if (v === 'chat') return <Chat doc={shared.doc} awareness={awareness} me={me} />;
    if (v === 'standups') return <Standups doc={shared.doc} me={me} />;
    return <Noticeboard doc={shared.doc} me={me} />;
  };

  return (
    <section className={w.page} aria-labelledby="project-title">
      <div className={w.pageHeader}>
        <div className={w.stack} style={{ gap: '4px', minWidth: 0 }}>
          <Link to="/workspace/$workspaceId/project-manager" params={{ workspaceId }} className={w.small}>
            ← Projects
          </Link>
          <h1 id="project-title" className={w.title} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </h1>
          {project.data ? (
            <div className={w.row}>
              <span className={s.status}>
                <span className={s.dot} style={{ background: statusColors[project.data.status] }} aria-hidden="true" />
                {projectStatusLabels[project.data.status]}
              </span>
              <span className={w.badge.neutral}>{priorityLabels[project.data.priority]} priority</span>
              <span className={w.muted}>{members.map((m) => m.name).join(', ')}</span>
              <LinkButton
                variant="secondary"
                to="/workspace/$workspaceId/project-manager/projects/$projectId/members"
                params={{ workspaceId, projectId }}
              >
                Members ({members.length})
              </LinkButton>
            </div>
          ) : null}
        </div>
        <p className={s.connection} role="status" data-testid="doc-status">
          {shared?.problem ? docProblemMessages[shared.problem] : connectionWords[shared?.status ?? 'connecting']}
        </p>
      </div>
      <Tabs
        label="Project views"
        selectedKey={view}
        onSelectionChange={(key) => {
          const next = projectViews.find((v) => v === key);
          if (next) onView(next);
        }}
        tabs={projectViews.map((v) => ({ id: v, title: viewTitles[v], content: view === v ? body(v) : null }))}
      />
      {taskId && shared && me ? (
        <TaskDialog
          doc={shared.doc}
          workspaceId={workspaceId}
          awareness={awareness}
          taskId={taskId}
          me={me}
          members={members}
          onClose={() => onTask(null)}
        />
      ) : null}
    </section>
  );
}
