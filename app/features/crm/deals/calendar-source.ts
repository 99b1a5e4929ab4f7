import { map } from 'rxjs';
import type { CalendarSource } from '../../../module';

/** Open deals' expected close dates on the planner's calendar (issue 38), each opening the sales board. */
export const dealCloseDates: CalendarSource = (data, workspaceId) =>
  data.db.deals.find({ selector: { workspace_id: workspaceId, status: 'open' } }).$.pipe(
    map((docs) =>
      docs.flatMap((d) =>
        d.expected_close_date
          ? [
              {
                key: `deals:${d.id}`,
                date: d.expected_close_date,
                title: d.title,
                kind: 'Deal closes',
                color: '#10B981',
                link: `/workspace/${workspaceId}/crm/deals`,
              },
            ]
          : [],
      ),
    ),
  );
