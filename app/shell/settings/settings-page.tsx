import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { WorkspaceDto } from '../../../schema/workspaces';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageSpinner } from '../../ui/spinner';
import { DeleteWorkspaceDialog } from '../workspaces/delete-workspace-dialog';
import { LoadError } from '../../ui/feedback';
import { serverMessage, useWorkspace, useWorkspaceSettings } from '../../kit/workspace-queries';
import * as s from '../../ui/page.css';
import { BrandingSection, StorageSection } from './branding-section';
import { BusinessSection } from './business-section';
import { EmailSection } from './email-section';
import { FilesSection } from './files-section';
import { GeneralSection } from './general-section';
import { MembersSection } from './members-section';
import { NumbersSection } from './numbers-section';
import { PreferencesSection } from './preferences-section';
import { TillSettingsSection } from '../../features/pos/till-settings-section';
import { InvoiceSettingsSection } from '../../features/invoices/invoice-settings-section';

const route = getRouteApi('/protected/workspace/$workspaceId/settings');

/** /workspace/{id}/settings: spec §3 workspace settings, members, and deleting the workspace. */
export function WorkspaceSettingsPage() {
  const { workspaceId } = route.useParams();
  const workspace = useWorkspace(workspaceId);
  const settings = useWorkspaceSettings(workspaceId);
  if (!workspace.data) return null;
  const w = workspace.data;
  const canEdit = w.role === 'owner' || w.role === 'admin';

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
          <InvoiceSettingsSection key={`i${w.id}`} workspaceId={w.id} canEdit={canEdit} />
          <TillSettingsSection key={`t${w.id}`} workspaceId={w.id} settings={settings.data} canEdit={canEdit} />
        </>
      )}
      <StorageSection workspaceId={w.id} />
      {canEdit ? <NumbersSection key={`n${w.id}`} workspaceId={w.id} /> : null}
      <div id="members">
        <MembersSection workspace={w} />
      </div>
      {w.role === 'owner' ? <DangerZone workspace={w} /> : null}
    </>
  );
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
