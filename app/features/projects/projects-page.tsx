import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  priorityLabels,
  projectCreate,
  projectPriorities,
  projectStatusLabels,
  projectStatuses,
  type ProjectPriority,
  type ProjectStatus,
} from '../../../schema/projects/projects';
import { useAuth } from '../../data/auth-store';
import { Button, ButtonLink } from '../../ui/button';
import { EmptyState, LoadError } from '../../ui/feedback';
import { FormActions, FormFailure } from '../../ui/form-actions';
import { SelectField } from '../../ui/form-controls';
import { ModalDialog } from '../../ui/modal-dialog';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as w from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { serverMessage } from '../../kit/workspace-queries';
import * as s from './projects.css';
import { projectCalls, rememberProjects, useProjectChange, useProjects } from './use-projects';

const route = getRouteApi('/protected/workspace/$workspaceId/project-manager/');

export const statusColors: Record<ProjectStatus, string> = {
  planning: '#2563eb',
  active: '#15803d',
  on_hold: '#a16207',
  completed: '#57534e',
  cancelled: '#b91c1c',
};

const statusOptions = projectStatuses.map((v) => ({ value: v, label: projectStatusLabels[v] }));
const priorityOptions = projectPriorities.map((v) => ({ value: v, label: priorityLabels[v] }));

/** /workspace/{id}/project-manager: the projects the user is on, and a new one. */
export function ProjectsPage() {
  const { workspaceId } = route.useParams();
  const { user } = useAuth();
  const projects = useProjects(workspaceId);
  const [creating, setCreating] = useState(false);
  const list = projects.data?.projects;
  useEffect(() => {
    if (list && user) rememberProjects(user.id, workspaceId, list);
  }, [list, user, workspaceId]);

  return (
    <section className={w.page} aria-labelledby="projects-title">
      <div className={w.pageHeader}>
        <h1 id="projects-title" className={w.title}>
          Projects
        </h1>
        <div className={w.row}>
          <ButtonLink variant="secondary" href={`/workspace/${workspaceId}/project-manager/channels`}>
            Team channels
          </ButtonLink>
          <Button onPress={() => setCreating(true)}>New project</Button>
        </div>
      </div>
      {projects.isPending ? (
        <Spinner label="Loading projects" />
      ) : projects.isError ? (
        <LoadError title="Projects could not be loaded" message={serverMessage(projects.error)} onRetry={() => void projects.refetch()} />
      ) : list && list.length > 0 ? (
        <ul className={s.cards} aria-label="Projects">
          {list.map((p) => (
            <li key={p.id}>
              <Link
                className={s.card}
                to="/workspace/$workspaceId/project-manager/projects/$projectId"
                params={{ workspaceId, projectId: p.id }}
              >
                <h2 className={s.cardTitle}>{p.name}</h2>
                <div className={w.row}>
                  <span className={s.status}>
                    <span className={s.dot} style={{ background: statusColors[p.status] }} aria-hidden="true" />
                    {projectStatusLabels[p.status]}
                  </span>
                  <span className={w.badge.neutral}>{priorityLabels[p.priority]} priority</span>
                </div>
                <p className={w.muted}>
                  {p.open_tasks === 1 ? '1 open task' : `${p.open_tasks} open tasks`}
                  {p.description ? ` · ${p.description}` : ''}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No projects yet">
          <p className={w.muted}>A project holds a board of tasks, a chat, daily standups and a noticeboard for its team.</p>
        </EmptyState>
      )}
      {creating ? <NewProjectDialog workspaceId={workspaceId} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}

function NewProjectDialog({ workspaceId, onClose }: { workspaceId: number; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useProjectChange(workspaceId, (body: Parameters<typeof projectCalls.create>[1]) => projectCalls.create(workspaceId, body));
  const initial: { name: string; description: string; status: ProjectStatus; priority: ProjectPriority } = {
    name: '',
    description: '',
    status: 'active',
    priority: 'medium',
  };
  const form = useZodForm(projectCreate, initial);
  const submit = form.handleSubmit(async (data) => {
    const project = await create.mutateAsync(data);
    toast({ title: 'Project created', variant: 'success' });
    onClose();
    void navigate({
      to: '/workspace/$workspaceId/project-manager/projects/$projectId',
      params: { workspaceId, projectId: project.id },
    });
  });
  return (
    <ModalDialog title="New project" isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <form className={w.dialogBody} onSubmit={submit} noValidate aria-label="New project">
        <FormFailure lead="The project could not be created" message={form.failure} />
        <TextField label="Name" isRequired autoFocus {...form.field('name')} />
        <TextField label="Description" multiline {...form.field('description')} />
        <div className={w.twoColumns}>
          <SelectField<ProjectStatus>
            label="Status"
            value={form.values.status}
            options={statusOptions}
            onChange={(v) => form.set('status', v)}
          />
          <SelectField<ProjectPriority>
            label="Priority"
            value={form.values.priority}
            options={priorityOptions}
            onChange={(v) => form.set('priority', v)}
          />
        </div>
        <FormActions submitLabel="Create project" pending={form.submitting} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}
