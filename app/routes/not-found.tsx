import { useRouterState } from '@tanstack/react-router';
import { SiteLink } from '../kit/site-link';
import { lastWorkspaceKey } from '../shell/workspaces/last-workspace';
import * as s from './not-found.css';

const marketAreas = ['/marketplace', '/events', '/classifieds'];

export function isMarketPath(pathname: string): boolean {
  return marketAreas.some((area) => pathname === area || pathname.startsWith(`${area}/`));
}

/** A workspace id from the path (/workspace/{id}/…) or, failing that, the last one opened. */
export function knownWorkspaceId(pathname: string, stored: string | null): string | null {
  const fromPath = /^\/workspace\/(\d+)(?:\/|$)/.exec(pathname)?.[1];
  if (fromPath) return fromPath;
  return stored && /^\d+$/.test(stored) ? stored : null;
}

function storedWorkspaceId(): string | null {
  try {
    return localStorage.getItem(lastWorkspaceKey);
  } catch {
    return null;
  }
}

/** The root not-found page (spec §2): a market flavour on market paths, the app flavour elsewhere. */
export function NotFound() {
  const pathname = useRouterState({ select: (st) => st.location.pathname });
  if (isMarketPath(pathname)) {
    return (
      <main className={s.page}>
        <p className={s.code} aria-hidden="true">
          404
        </p>
        <h1>Page Not Found</h1>
        <p className={s.text}>The page you are looking for does not exist or has moved.</p>
        <div className={s.links}>
          <SiteLink to="/marketplace" variant="primary">
            Back to Marketplace
          </SiteLink>
          <SiteLink to="/" variant="secondary">
            Go Home
          </SiteLink>
        </div>
      </main>
    );
  }
  const workspaceId = knownWorkspaceId(pathname, storedWorkspaceId());
  return (
    <main className={s.page}>
      <h1>404 Page Not Found</h1>
      <p className={s.text}>We couldn't find the page you were looking for.</p>
      <div className={s.links}>
        {workspaceId ? (
          <SiteLink to={`/workspace/${workspaceId}/dashboard`} variant="primary">
            Dashboard
          </SiteLink>
        ) : null}
        <SiteLink to="/controlhub" variant={workspaceId ? 'secondary' : 'primary'}>
          My Workspaces
        </SiteLink>
      </div>
    </main>
  );
}
