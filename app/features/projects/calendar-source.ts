import { Observable } from 'rxjs';
import { z } from 'zod';
import { projectDocName } from '../../../schema/projects/projects';
import { useAuthStore } from '../../data/auth-store';
import { watchLocalDoc } from './yjs-docs';
import type { CalendarEntry, CalendarSource } from '../../module';
import { readTasks } from './project-doc';
import { knownProjectsKey } from './use-projects';

const DUE_COLOR = '#7C3AED';
const known = z.array(z.object({ id: z.uuid(), name: z.string() }));

/**
 * Open tasks' due dates on the planner's calendar, read from the copies of the project documents on
 * this device (offline too) and kept live as they change.
 */
export const taskDueDates: CalendarSource = (_data, workspaceId) =>
  new Observable<CalendarEntry[]>((subscriber) => {
    const userId = useAuthStore.getState().user?.id;
    if (userId === undefined) {
      subscriber.next([]);
      return;
    }
    let projects: z.infer<typeof known> = [];
    try {
      projects = known.parse(JSON.parse(localStorage.getItem(knownProjectsKey(userId, workspaceId)) ?? '[]'));
    } catch {
      projects = [];
    }
    const perProject = new Map<string, CalendarEntry[]>();
    const emit = () => subscriber.next([...perProject.values()].flat());
    emit();
    const stops = projects.map((p) =>
      watchLocalDoc(userId, projectDocName(workspaceId, p.id), (doc) => {
        perProject.set(
          p.id,
          readTasks(doc)
            .filter((t) => t.due !== null && t.status !== 'completed' && t.status !== 'cancelled')
            .map((t) => ({
              key: `project_tasks:${t.id}`,
              date: t.due ?? '',
              title: `${t.title} · ${p.name}`,
              kind: 'Task due',
              color: DUE_COLOR,
              link: `/workspace/${workspaceId}/project-manager/projects/${p.id}?task=${t.id}`,
            })),
        );
        emit();
      }),
    );
    return () => stops.forEach((stop) => stop());
  });
