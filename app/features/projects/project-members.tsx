import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ProjectDetail, ProjectMemberDto } from '../../../schema/projects/projects';
import type { MemberDto } from '../../../schema/workspaces/workspaces';
import { ApiError } from '../../data/api';
import { serverMessage, useMembers, useWorkspace } from '../../kit/workspace-queries';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LoadError, Notice } from '../../ui/feedback';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as w from '../../ui/page.css';
import { projectMessages } from '../../../schema/projects/projects';
import { projectCalls, projectKeys, useProject } from './use-projects';

const route = getRouteApi('/protected/workspace/$workspaceId/project-manager/projects/$projectId/members');

const roleWords: Record<ProjectMemberDto['role'], string> = { owner: 'Project owner', member: 'Member' };

/** Workspace members who have joined and are not on the project yet, matching `search`. */
export function addableMembers(workspace: readonly MemberDto[], project: readonly ProjectMemberDto[], search: string) {
  const on = new Set(project.map((m) => m.user_id));
  const words = search.trim().toLowerCase();
  return workspace.filter(
    (m): m is MemberDto & { user_id: number } =>
      m.status === 'active' &&
      m.user_id !== null &&
      !on.has(m.user_id) &&
      (words === '' || `${m.full_name ?? ''} ${m.email}`.toLowerCase().includes(words)),
  );
}

/**
 * /workspace/{id}/project-manager/projects/{projectId}/members: who is on a project. Its owners and
 * the workspace's owners and admins add workspace members and remove people; everyone else sees the list.
 */
export function ProjectMembersPage() {
  const { workspaceId, projectId } = route.useParams();
  const project = useProject(workspaceId, projectId);
  const role = useWorkspace(workspaceId).data?.role;
  const back = (
    <Link to="/workspace/$workspaceId/project-manager/projects/$projectId" params={{ workspaceId, projectId }} className={w.small}>
      ← {project.data?.name ?? 'Project'}
    </Link>
  );
  if (project.isError) {
    const refused = project.error instanceof ApiError && (project.error.status === 403 || project.error.status === 404);
    return (
      <section className={w.page}>
        {back}
        {refused ? (
          <Notice
            tone="error"
            title={project.error instanceof ApiError && project.error.status === 404 ? projectMessages.notFound : projectMessages.notMember}
          />
        ) : (
          <LoadError title="Could not load the members" message={serverMessage(project.error)} onRetry={() => void project.refetch()} />
        )}
      </section>
    );
  }
  const detail = project.data;
  if (!detail) return <Spinner label="Loading the members" />;
  const canManage = detail.my_role === 'owner' || role === 'owner' || role === 'admin';
  return (
    <section className={`${w.page} ${w.narrow}`} aria-labelledby="members-title">
      <div className={w.stack} style={{ gap: '4px' }}>
        {back}
        <h1 id="members-title" className={w.title}>
          Members
        </h1>
        <p className={w.muted}>Who works on {detail.name} and can be assigned its tasks.</p>
      </div>
      <ProjectMembers workspaceId={workspaceId} project={detail} canManage={canManage} />
    </section>
  );
}

function ProjectMembers({ workspaceId, project, canManage }: { workspaceId: number; project: ProjectDetail; canManage: boolean }) {
  const client = useQueryClient();
  const [toRemove, setToRemove] = useState<ProjectMemberDto | null>(null);
  const saved = (detail: ProjectDetail) => {
    client.setQueryData(projectKeys.one(workspaceId, project.id), detail);
    return client.invalidateQueries({ queryKey: projectKeys.all(workspaceId) });
  };
  const remove = useMutation({
    mutationFn: (m: ProjectMemberDto) => projectCalls.removeMember(workspaceId, project.id, m.user_id),
    onSuccess: (detail, m) => {
      toast({ title: 'Removed from the project', description: `${m.name} is no longer on ${project.name}.`, variant: 'success' });
      return saved(detail);
    },
    onError: (error) => toast({ title: 'Could not remove the member', description: serverMessage(error), variant: 'destructive' }),
  });

  return (
    <>
      <ul className={w.list} aria-label="Project members">
        {project.members.map((m) => (
          <li key={m.user_id} className={w.listItem}>
            <div className={w.itemMain}>
              <span style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{m.name}</span>
              <span className={`${w.muted} ${w.small}`} style={{ overflowWrap: 'anywhere' }}>
                {m.email}
              </span>
            </div>
            <span className={m.role === 'owner' ? w.badge.accent : w.badge.neutral}>{roleWords[m.role]}</span>
            {canManage ? (
              <Button
                variant="ghost"
                aria-label={`Remove ${m.name}`}
                onPress={() => setToRemove(m)}
                isPending={remove.isPending && remove.variables.user_id === m.user_id}
              >
                Remove
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {canManage ? (
        <AddMember workspaceId={workspaceId} project={project} onAdded={saved} />
      ) : (
        <p className={w.muted}>Only the project&apos;s owners and the workspace&apos;s owners and admins can change who is on it.</p>
      )}
      {toRemove ? (
        <ConfirmDialog
          title={`Remove ${toRemove.name}?`}
          text={`${toRemove.name} will no longer see ${project.name}. Tasks assigned to them stay assigned, shown as a former member, until someone assigns them to another person.`}
          confirmLabel="Remove from project"
          onConfirm={() => remove.mutate(toRemove)}
          onClose={() => setToRemove(null)}
        />
      ) : null}
    </>
  );
}

function AddMember({
  workspaceId,
  project,
  onAdded,
}: {
  workspaceId: number;
  project: ProjectDetail;
  onAdded: (detail: ProjectDetail) => Promise<void>;
}) {
  const members = useMembers(workspaceId);
  const [search, setSearch] = useState('');
  const add = useMutation({
    mutationFn: (m: MemberDto & { user_id: number }) => projectCalls.addMember(workspaceId, project.id, m.user_id),
    onSuccess: (detail, m) => {
      toast({ title: 'Added to the project', description: `${m.full_name || m.email} is now on ${project.name}.`, variant: 'success' });
      return onAdded(detail);
    },
    onError: (error) => toast({ title: 'Could not add the member', description: serverMessage(error), variant: 'destructive' }),
  });
  const all = members.data ? addableMembers(members.data, project.members, '') : [];
  const shown = members.data ? addableMembers(members.data, project.members, search) : [];

  return (
    <section aria-labelledby="add-member-title" className={w.stack} style={{ gap: '12px' }}>
      <h2 id="add-member-title" className={w.sectionTitle} style={{ margin: 0 }}>
        Add a workspace member
      </h2>
      {members.isPending ? (
        <Spinner label="Loading workspace members" />
      ) : members.isError ? (
        <Notice tone="error" title="Could not load the workspace's members">
          <p className={w.muted}>{serverMessage(members.error)}</p>
        </Notice>
      ) : all.length === 0 ? (
        <p className={w.muted}>Everyone in the workspace is on this project. Invite people in the workspace settings first.</p>
      ) : (
        <>
          <TextField label="Find a workspace member" type="search" value={search} onChange={setSearch} placeholder="Name or email" />
          {shown.length === 0 ? <p className={w.muted}>No workspace member matches “{search.trim()}”.</p> : null}
          <ul className={w.list} aria-label="Workspace members to add">
            {shown.map((m) => (
              <li key={m.user_id} className={w.listItem}>
                <div className={w.itemMain}>
                  <span style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{m.full_name || m.email}</span>
                  {m.full_name ? (
                    <span className={`${w.muted} ${w.small}`} style={{ overflowWrap: 'anywhere' }}>
                      {m.email}
                    </span>
                  ) : null}
                </div>
                <Button
                  variant="secondary"
                  aria-label={`Add ${m.full_name || m.email}`}
                  onPress={() => add.mutate(m)}
                  isPending={add.isPending && add.variables.user_id === m.user_id}
                >
                  Add
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
