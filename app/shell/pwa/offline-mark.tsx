import { useOnline } from '../../kit/online';
import * as css from './pwa.css';

/**
 * A small "Offline" mark while the browser has no network. `bar` (default) is a strip at the top of
 * the page, in its flow, so it never covers a control; `inline` lets a header place it.
 */
export function OfflineMark({ placement = 'bar' }: { placement?: 'bar' | 'inline' }) {
  const online = useOnline();
  if (online) return null;
  const pill = (
    <span className={css.offlinePill} role="status" data-testid="offline-mark">
      <span className={css.offlineDot} aria-hidden="true" />
      Offline
    </span>
  );
  return placement === 'bar' ? <div className={css.offlineBar}>{pill}</div> : pill;
}
