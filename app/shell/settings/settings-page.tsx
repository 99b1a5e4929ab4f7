import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import type { WorkspaceDto } from '../../../schema/workspaces/workspaces';
import type { SettingsSection } from '../../module';
import { installedModules } from '../../kit/installed-modules';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageSpinner } from '../../ui/spinner';
import { DeleteWorkspaceDialog } from '../workspaces/delete-workspace-dialog';
import { LoadError } from '../../ui/feedback';
import { serverMessage, useWorkspace, useWorkspaceSettings } from '../../kit/workspace-queries';
import * as s from '../../ui/page.css';
import { BrandingSection } from './branding-section';
import { BusinessSection } from './business-section';
import { EmailSection } from './email-section';
import { FilesSection } from './files-section';
import { GeneralSection } from './general-section';
import { MembersSection } from './members-section';
import { PreferencesSection } from './preferences-section';

const route = getRouteApi('/protected/workspace/$workspaceId/settings');

/** /workspace/{id}/settings: spec §3 workspace settings, members, and deleting the workspace. */
export function WorkspaceSettingsPage() {
  const { workspaceId } = route.useParams();
  const workspace = useWorkspace(workspaceId);
  const settings = useWorkspaceSettings(workspaceId);
  if (!workspace.data) return null;
  const w = workspace.data;
  const canEdit = w.role === 'owner' || w.role === 'admin';
  const sections = moduleSections(canEdit);

  return (
    <>
      <header className={s.pageHeader}>
        <div>
          <h1 className={s.title}>Workspace settings</h1>
          <p className={s.muted}>
            {canEdit ? `Changes apply to everyone in ${w.name}.` : 'You can view these settings; owners and admins can change them.'}
          </p>
        </div>
      </header>
      {/* key: a fresh form when another workspace is opened, so no stale values carry over */}
      <GeneralSection key={`g${w.id}`} workspace={w} canEdit={canEdit} />
      <BrandingSection key={`l${w.id}`} workspace={w} canEdit={canEdit} />
      {settings.isPending ? (
        <PageSpinner label="Loading settings..." />
      ) : settings.isError ? (
        <LoadError title="Could not load settings" message={serverMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <PreferencesSection key={`p${w.id}`} workspaceId={w.id} settings={settings.data} canEdit={canEdit} />
          <BusinessSection key={`b${w.id}`} workspaceId={w.id} settings={settings.data} canEdit={canEdit} />
          <EmailSection key={`e${w.id}`} workspaceId={w.id} settings={settings.data} canEdit={canEdit} />
          <FilesSection key={`f${w.id}`} workspaceId={w.id} settings={settings.data} canEdit={canEdit} />
          {sections.settings.map(({ component: Section, order }) => (
            <Suspense key={`m${order}-${w.id}`} fallback={null}>
              <Section workspaceId={w.id} settings={settings.data} canEdit={canEdit} />
            </Suspense>
          ))}
        </>
      )}
      {sections.after.map(({ component: Section, order }) => (
        <Suspense key={`m${order}-${w.id}`} fallback={null}>
          <Section workspaceId={w.id} canEdit={canEdit} />
        </Suspense>
      ))}
      <div id="members">
        <MembersSection workspace={w} />
      </div>
      {w.role === 'owner' ? <DangerZone workspace={w} /> : null}
    </>
  );
}

/** The modules' settings cards (app/module.ts `settingsSections`), in their order, split by place. */
function moduleSections(canEdit: boolean) {
  const all = installedModules()
    .flatMap((m) => m.settingsSections ?? [])
    .filter((section) => canEdit || !section.editorsOnly)
    .sort((a, b) => a.order - b.order);
  return {
    settings: all.filter((x): x is Extract<SettingsSection, { place: 'settings' }> => x.place === 'settings'),
    after: all.filter((x): x is Extract<SettingsSection, { place: 'after' }> => x.place === 'after'),
  };
}

function DangerZone({ workspace }: { workspace: WorkspaceDto }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <Card className={s.dangerCard} aria-labelledby="danger-title">
      <h2 className={s.sectionTitle} id="danger-title">
        Danger zone
      </h2>
      <div className={s.stack}>
        <p className={s.muted}>Deleting the workspace removes it and everything in it for every member.</p>
        <div>
          <Button variant="danger" onPress={() => setOpen(true)}>
            Delete workspace
          </Button>
        </div>
      </div>
      <DeleteWorkspaceDialog
        workspace={open ? workspace : null}
        onClose={() => setOpen(false)}
        onDeleted={() => void navigate({ to: '/controlhub' })}
      />
    </Card>
  );
}
