import { map } from 'rxjs';
import type { PlannerComment, PlannerItem } from '../../../schema/planner/planner';
import type { UserData } from '../../data/db';
import { useLiveQuery } from '../../data/use-live-query';
import { editedPlannerFields } from './planner-model';

function byStart(a: PlannerItem, b: PlannerItem) {
  return (
    a.start_date.localeCompare(b.start_date) || (a.start_time ?? '').localeCompare(b.start_time ?? '') || a.title.localeCompare(b.title)
  );
}

/** The workspace's planner items from the device database, live (offline too); deleted ones left out. */
export function usePlannerItems(data: UserData, workspaceId: number) {
  return useLiveQuery(
    () =>
      data.db.planner_items
        .find({ selector: { workspace_id: workspaceId } })
        .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()).sort(byStart))),
    [data, workspaceId],
  );
}

export async function createPlannerItem(data: UserData, item: PlannerItem): Promise<void> {
  await data.db.planner_items.insert(item);
}

/**
 * Writes only the fields the person changed (against the item as the form opened) over the item as
 * stored now: a change synced in meanwhile to another field is kept, and the sync merge sees exactly
 * what this device changed (as contacts do). A field emptied in the form is removed.
 */
export async function updatePlannerItem(data: UserData, item: PlannerItem, opened: PlannerItem): Promise<boolean> {
  const stored = await data.db.planner_items.findOne(item.id).exec();
  if (!stored) return false;
  const changed = editedPlannerFields.filter((f) => JSON.stringify(item[f]) !== JSON.stringify(opened[f]));
  if (changed.length === 0) return true;
  await stored.incrementalModify((current) => {
    for (const field of changed) {
      const next: unknown = item[field];
      if (next === undefined) Reflect.deleteProperty(current, field);
      else Reflect.set(current, field, next);
    }
    current.updated_at = item.updated_at;
    return current;
  });
  return true;
}

/** Adds a comment to the item's embedded list. */
export async function addPlannerComment(data: UserData, id: string, comment: PlannerComment): Promise<boolean> {
  const stored = await data.db.planner_items.findOne(id).exec();
  if (!stored) return false;
  await stored.incrementalModify((current) => {
    current.comments = [...(current.comments ?? []), comment];
    current.updated_at = comment.created_at;
    return current;
  });
  return true;
}

export async function deletePlannerItem(data: UserData, id: string): Promise<void> {
  const stored = await data.db.planner_items.findOne(id).exec();
  await stored?.remove();
}
