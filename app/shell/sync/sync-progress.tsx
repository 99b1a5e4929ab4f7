import { ProgressBar } from 'react-aria-components';
import { useStore } from 'zustand';
import { syncStatus } from '../../data/sync-status';
import * as s from './sync.css';

/**
 * While a device catches up on many changes (the first sync of a big catalogue on a new phone): how
 * far it has come. Everything already here works meanwhile; the till sells what has arrived.
 */
export function SyncProgress() {
  const progress = useStore(syncStatus, (st) => st.catchUp);
  if (!progress) return null;
  const percent = Math.min(99, Math.floor((progress.done / progress.total) * 100));
  return (
    <ProgressBar className={s.catchUp} value={percent} aria-label="Bringing your data to this device" data-testid="sync-progress">
      {({ valueText }) => (
        <>
          <span>Bringing your data to this device… {valueText}. You can keep working meanwhile.</span>
          <div className={s.catchUpTrack}>
            <div className={s.catchUpFill} style={{ width: `${percent}%` }} />
          </div>
        </>
      )}
    </ProgressBar>
  );
}
