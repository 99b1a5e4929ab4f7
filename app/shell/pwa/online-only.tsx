import type { ReactNode } from 'react';
import { useOnline } from '../../kit/online';
import * as css from './pwa.css';

/**
 * Wraps a screen that cannot work without the network (checkout, billing). Offline it says so
 * plainly instead of failing; the screen comes back by itself when the connection does.
 */
export function OnlineOnly({ what, children }: { what: string; children: ReactNode }) {
  const online = useOnline();
  if (online) return <>{children}</>;
  return (
    <section className={css.onlineOnly} role="status" data-testid="online-only">
      <p className={css.onlineOnlyText}>You're offline. {what} needs a connection; it will be back when you reconnect.</p>
    </section>
  );
}
