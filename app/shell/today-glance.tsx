import { Suspense } from 'react';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { installedModules } from '../kit/installed-modules';
import { useUserData } from '../kit/user-data';
import * as s from '../ui/page.css';

/**
 * The dashboard's "Today": each module's figures (takings at the till, invoices waiting to be
 * paid), from the device database (works offline).
 */
export function TodayGlance({ workspaceId }: { workspaceId: number }) {
  const data = useUserData();
  const figures = installedModules().flatMap((m) => m.todayFigures ?? []);
  return (
    <Card aria-labelledby="today-title">
      <h2 className={s.sectionTitle} id="today-title">
        Today
      </h2>
      {data === null ? (
        <Spinner label="Adding up today" />
      ) : (
        <div className={s.stack}>
          {figures.map((Figure, i) => (
            <Suspense key={i} fallback={<Spinner label="Adding up today" />}>
              <Figure data={data} workspaceId={workspaceId} />
            </Suspense>
          ))}
        </div>
      )}
    </Card>
  );
}
