import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { WorkspaceDto } from '../../schema/workspaces/workspaces';
import { Notice } from '../ui/feedback';
import { lastWorkspaceId } from './workspaces/last-workspace';
import * as s from '../ui/page.css';

/** Where the installed app's shortcuts lead (the manifest sends `/controlhub?open=…`). */
export type ShortcutTarget = 'pos' | 'invoice';

const labels: Record<ShortcutTarget, { what: string; link: string }> = {
  pos: { what: 'the point of sale', link: 'Open the till' },
  invoice: { what: 'a new invoice', link: 'New invoice' },
};

/**
 * The workspace a shortcut opens in: the one used last if the person still belongs to it, else
 * their only workspace. With several and no last one, the person chooses.
 */
export function shortcutWorkspace(workspaces: readonly Pick<WorkspaceDto, 'id'>[], last: number | null): number | null {
  if (last !== null && workspaces.some((w) => w.id === last)) return last;
  return workspaces.length === 1 ? workspaces[0].id : null;
}

function TargetLink({ target, workspaceId, children }: { target: ShortcutTarget; workspaceId: number; children: string }) {
  return target === 'pos' ? (
    <Link to="/workspace/$workspaceId/pos" params={{ workspaceId }}>
      {children}
    </Link>
  ) : (
    <Link to="/workspace/$workspaceId/invoices/new" params={{ workspaceId }} search={{ kind: 'invoice' }}>
      {children}
    </Link>
  );
}

/**
 * Sends a shortcut on to its screen in the right workspace. Works offline: the workspace list comes
 * from the device's copy when there is no network.
 */
export function ShortcutLauncher({ target, workspaces }: { target: ShortcutTarget; workspaces: readonly WorkspaceDto[] }) {
  const navigate = useNavigate();
  const workspaceId = shortcutWorkspace(workspaces, lastWorkspaceId());

  useEffect(() => {
    if (workspaceId === null) return;
    if (target === 'pos') void navigate({ to: '/workspace/$workspaceId/pos', params: { workspaceId }, replace: true });
    else void navigate({ to: '/workspace/$workspaceId/invoices/new', params: { workspaceId }, search: { kind: 'invoice' }, replace: true });
  }, [navigate, target, workspaceId]);

  if (workspaceId !== null) return null;
  const { what, link } = labels[target];
  if (workspaces.length === 0) {
    return (
      <Notice tone="info" title={`Create a workspace to open ${what}`}>
        <p className={s.muted}>Your business's sales, invoices and stock live in a workspace.</p>
      </Notice>
    );
  }
  return (
    <Notice tone="info" title={`Which workspace for ${what}?`}>
      <ul className={s.bullets} aria-label={`Open ${what} in`}>
        {workspaces.map((w) => (
          <li key={w.id}>
            <TargetLink target={target} workspaceId={w.id}>{`${link} in ${w.name}`}</TargetLink>
          </li>
        ))}
      </ul>
    </Notice>
  );
}
