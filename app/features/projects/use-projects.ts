import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectsContract as c } from '../../../schema/projects/contract';
import type { ProjectDto } from '../../../schema/projects/projects';
import { call, queryEndpoint } from '../../data/api';

export const projectKeys = {
  all: (ws: number) => ['projects', ws] as const,
  one: (ws: number, id: string) => ['projects', ws, id] as const,
};

/**
 * The projects a user has seen in a workspace, kept on the device: the planner's calendar reads
 * their documents' due dates from it offline.
 */
export function knownProjectsKey(userId: number, ws: number): string {
  return `vuka-projects-${userId}-${ws}`;
}

export function rememberProjects(userId: number, ws: number, projects: readonly ProjectDto[]) {
  try {
    localStorage.setItem(knownProjectsKey(userId, ws), JSON.stringify(projects.map((p) => ({ id: p.id, name: p.name }))));
  } catch {
    // Storage full or refused: the calendar shows fewer due dates offline, nothing else.
  }
}

export function useProjects(ws: number) {
  return useQuery({ queryKey: projectKeys.all(ws), queryFn: () => queryEndpoint(c.list, { params: { id: ws } }) });
}

export function useProject(ws: number, id: string | undefined) {
  return useQuery({
    queryKey: projectKeys.one(ws, id ?? ''),
    queryFn: () => queryEndpoint(c.get, { params: { id: ws, projectId: id ?? '' } }),
    enabled: id !== undefined,
    retry: false,
  });
}

export function useProjectChange<T, R>(ws: number, run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all(ws) }),
  });
}

export const projectCalls = {
  create: (ws: number, body: { name: string; description?: string; status: ProjectDto['status']; priority: ProjectDto['priority'] }) =>
    call(c.create, { params: { id: ws }, body }),
  update: (ws: number, projectId: string, body: { status?: ProjectDto['status']; priority?: ProjectDto['priority'] }) =>
    call(c.update, { params: { id: ws, projectId }, body }),
  addMember: (ws: number, projectId: string, userId: number) =>
    call(c.addMember, { params: { id: ws, projectId }, body: { user_id: userId } }),
  removeMember: (ws: number, projectId: string, userId: number) => call(c.removeMember, { params: { id: ws, projectId, userId } }),
};
