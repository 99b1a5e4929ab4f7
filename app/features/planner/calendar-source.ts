import { map } from 'rxjs';
import type { CalendarSource } from '../../module';
import { typeLabels } from './planner-model';

/** The planner's own items for any other view built on the shared calendar (the planner page shows its items itself, editable). */
export const plannerEntries: CalendarSource = (data, workspaceId) =>
  data.db.planner_items.find({ selector: { workspace_id: workspaceId } }).$.pipe(
    map((docs) =>
      docs.map((d) => ({
        key: `planner_items:${d.id}`,
        date: d.start_date,
        endDate: d.end_date,
        time: d.start_time,
        title: d.title,
        kind: typeLabels[d.type],
        color: d.color,
        link: `/workspace/${workspaceId}/planner?view=agenda&date=${d.start_date}`,
      })),
    ),
  );
