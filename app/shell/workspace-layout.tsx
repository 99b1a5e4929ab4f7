import { getRouteApi, Link, Outlet, useRouterState } from '@tanstack/react-router';
import { SyncProgress } from './sync/sync-progress';
import { useEffect, useId, useMemo, useState } from 'react';
import { brand } from '../../schema/brand';
import type { CapabilitiesDto } from '../../schema/workspaces/workspaces';
import { installedModules } from '../kit/installed-modules';
import { ApiError } from '../data/api';
import { AccountMenu } from './account/account-menu';
import { NotificationBell } from './notifications/notification-bell';
import { SyncStatusIndicator } from './sync/sync-status-indicator';
import { useWorkspaceTasks } from './workspace-tasks';
import { Button } from '../ui/button';
import { ModeSwitcher } from '../ui/mode-switcher';
import { PageSpinner } from '../ui/spinner';
import { Notice } from '../ui/feedback';
import { rememberWorkspace } from './workspaces/last-workspace';
import { LinkButton } from '../routes/link-button';
import { serverMessage, useCapabilities, useWorkspace, useWorkspaceSettings } from '../kit/workspace-queries';
import { dateFormatter, WorkspaceDatesContext } from '../kit/date-format';
import { workspaceSettings } from '../../schema/workspaces/workspaces';
import * as l from './workspace-layout.css';
import * as s from '../ui/page.css';

const route = getRouteApi('/protected/workspace/$workspaceId');

/** Modules that will live in the workspace; listed so people see what is coming, clearly not clickable. */
const comingSoon: readonly string[] = [];

/** The modules' navigation entries (app/modules.ts), without those whose plan feature this workspace lacks. */
function navEntries(features: CapabilitiesDto['features'] | undefined) {
  return installedModules().flatMap((m) => (m.nav && (!m.nav.needs || features?.[m.nav.needs]) ? [m.nav] : []));
}

/**
 * /workspace/{id}: loads the workspace and frames its pages with a sidebar (a top bar with a menu on a
 * phone). The black-yellow theme comes from the shell, which applies it on every /workspace/ path.
 */
export function WorkspaceLayout() {
  const { workspaceId } = route.useParams();
  const workspace = useWorkspace(workspaceId);
  useWorkspaceTasks(workspaceId);
  // Every date on the workspace's pages follows its settings; the spec's defaults until they load.
  const settings = useWorkspaceSettings(workspaceId).data;
  const dates = useMemo(() => dateFormatter(settings ?? workspaceSettings.parse({})), [settings]);

  useEffect(() => {
    if (workspace.data) rememberWorkspace(workspace.data.id);
  }, [workspace.data]);

  if (workspace.isPending) return <PageSpinner label="Loading workspace..." />;
  if (workspace.isError) return <WorkspaceError error={workspace.error} onRetry={() => void workspace.refetch()} />;

  return (
    <WorkspaceDatesContext.Provider value={dates}>
      <div className={l.shell}>
        <WorkspaceNav name={workspace.data.name} workspaceId={workspace.data.id} />
        <main className={l.content}>
          <div className={l.inner}>
            <SyncProgress />
            <Outlet />
          </div>
        </main>
      </div>
    </WorkspaceDatesContext.Provider>
  );
}

function WorkspaceNav({ name, workspaceId }: { name: string; workspaceId: number }) {
  const [open, setOpen] = useState(false);
  const navId = useId();
  const pathname = useRouterState({ select: (st) => st.location.pathname });
  const caps = useCapabilities(workspaceId);
  // A phone menu that stays open over the page just navigated to hides that page.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className={l.sidebar}>
      <div className={l.topBar}>
        <div className={l.nameBlock}>
          <p className={l.brandName}>{brand.product}</p>
          <p className={l.workspaceName} data-testid="workspace-name">
            {name}
          </p>
        </div>
        <div className={l.barActions}>
          <SyncStatusIndicator workspaceId={workspaceId} />
          <NotificationBell />
          <AccountMenu />
          <button type="button" className={l.menuButton} aria-expanded={open} aria-controls={navId} onClick={() => setOpen((v) => !v)}>
            {open ? 'Close' : 'Menu'}
          </button>
        </div>
      </div>
      <nav id={navId} aria-label="Workspace" className={[l.nav, open ? '' : l.navClosed].join(' ')}>
        <ul className={l.navList}>
          <li>
            <Link className={l.navLink} to="/workspace/$workspaceId/dashboard" params={{ workspaceId }}>
              Dashboard
            </Link>
          </li>
          {navEntries(caps.data?.features).map((entry) => (
            <li key={entry.to}>
              <Link className={l.navLink} to={entry.to} params={{ workspaceId }}>
                {entry.label}
              </Link>
            </li>
          ))}
          <li>
            <Link className={l.navLink} to="/workspace/$workspaceId/sync" params={{ workspaceId }}>
              Sync
            </Link>
          </li>
          <li>
            <Link className={l.navLink} to="/workspace/$workspaceId/billing/subscription" params={{ workspaceId }}>
              Billing
            </Link>
          </li>
          <li>
            <Link className={l.navLink} to="/workspace/$workspaceId/settings" params={{ workspaceId }}>
              Settings
            </Link>
          </li>
        </ul>
        {comingSoon.length > 0 ? (
          <div>
            <p className={l.navGroupLabel} id={`${navId}-soon`}>
              Coming soon
            </p>
            <ul className={l.navList} aria-labelledby={`${navId}-soon`}>
              {comingSoon.map((item) => (
                <li key={item}>
                  <span className={l.navSoon} aria-disabled="true">
                    {item} <span className={l.soonTag}>Soon</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className={l.navFooter}>
          <Link className={l.navLink} to="/controlhub">
            My Workspaces
          </Link>
          <Link className={l.navLink} to="/account">
            My Account
          </Link>
          <div className={l.modeRow}>
            <ModeSwitcher theme="workspace" />
          </div>
        </div>
      </nav>
    </header>
  );
}

/** 403 and 404 say what the server said; anything else is spec §8's 'Failed to fetch workspace'. */
function WorkspaceError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  const denied = status === 403 || status === 404;
  const heading = status === 404 ? 'Workspace not found' : status === 403 ? 'No access to this workspace' : 'Failed to fetch workspace';
  const said = serverMessage(error);
  const hint =
    status === 404
      ? 'It may have been deleted, or the link may be wrong.'
      : status === 403
        ? 'Ask an owner or admin of this workspace to invite you.'
        : 'Check your connection and try again.';
  return (
    <main className={`${s.page} ${s.narrow}`}>
      <h1 className={s.title}>{heading}</h1>
      <Notice tone="error">
        {said !== heading ? <p className={s.noticeTitle}>{said}</p> : null}
        <p className={s.muted}>{hint}</p>
      </Notice>
      <div className={s.row}>
        {denied ? null : (
          <Button variant="secondary" onPress={onRetry}>
            Try again
          </Button>
        )}
        <LinkButton to="/controlhub">My Workspaces</LinkButton>
      </div>
    </main>
  );
}
