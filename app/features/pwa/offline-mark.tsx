import { useOnline } from './online';
import * as css from './pwa.css';

/**
 * A small "Offline" mark while the browser has no network. `floating` (default) pins it to the
 * bottom-left corner; `inline` lets a header place it.
 */
export function OfflineMark({ placement = 'floating' }: { placement?: 'floating' | 'inline' }) {
  const online = useOnline();
  if (online) return null;
  const pill = (
    <span className={css.offlinePill} role="status" data-testid="offline-mark">
      <span className={css.offlineDot} aria-hidden="true" />
      Offline
    </span>
  );
  return placement === 'floating' ? <div className={css.offlineFloating}>{pill}</div> : pill;
}
