import { Card } from '../../ui/card';
import * as s from '../../ui/page.css';
import { UsageBar } from './usage-bar';
import { useDriveUsage } from './use-drive';

/** How much of the plan's storage the workspace's drive takes (the drive shows the same figure). */
export function StorageSection({ workspaceId }: { workspaceId: number }) {
  const usage = useDriveUsage(workspaceId, true);
  return (
    <Card aria-labelledby="storage-title">
      <h2 className={s.sectionTitle} id="storage-title">
        Storage
      </h2>
      {usage.data ? (
        <UsageBar used={usage.data.used_bytes} quota={usage.data.quota_bytes} />
      ) : usage.isError ? (
        <p className={s.muted}>Storage use shows when you are online.</p>
      ) : (
        <p className={s.muted}>Loading…</p>
      )}
    </Card>
  );
}
