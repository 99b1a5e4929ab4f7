import { useId } from 'react';
import * as w from '../../ui/page.css';
import * as s from './drive.css';
import { formatBytes } from './use-drive';

/** How much of the workspace's storage its files take: "1.5 MB of 10 GB used", and a bar when there is a quota. */
export function UsageBar({ used, quota }: { used: number; quota: number | null }) {
  const id = useId();
  const pct = quota ? Math.min(100, Math.round((used / quota) * 100)) : 0;
  return (
    <div className={s.usage}>
      <p className={[w.small, w.muted].join(' ')} id={id} data-testid="storage-usage">
        {quota === null ? `${formatBytes(used)} used` : `${formatBytes(used)} of ${formatBytes(quota)} used`}
      </p>
      {quota !== null ? (
        <div className={s.usageBar} role="meter" aria-labelledby={id} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
          <div className={s.usageFill} style={{ width: `${pct}%` }} />
        </div>
      ) : null}
    </div>
  );
}
