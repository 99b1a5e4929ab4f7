import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { workspacesContract } from '../../../../schema/workspaces/contract';
import { marketplaceContract as c } from '../../../../schema/marketplace/contract';
import { MARKET_CURRENCY, type StorefrontSettingsDto } from '../../../../schema/marketplace/marketplace';
import { call } from '../../../data/api';
import { Card } from '../../../ui/card';
import { LoadError, Notice } from '../../../ui/feedback';
import { SwitchField } from '../../../ui/form-controls';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast-store';
import * as p from '../../../ui/page.css';
import { DeviceDataGate } from '../../../kit/device-data-gate';
import { serverMessage, useWorkspace, workspaceKeys } from '../../../kit/workspace-queries';
import { PayoutCard } from './payout-card';
import { PublishedProducts } from './published-products';
import { SellerReviews } from './seller-reviews';
import { StorefrontForm } from './storefront-form';
import { storefrontKey } from './storefront-key';

const route = getRouteApi('/protected/workspace/$workspaceId/storefront');

/** /workspace/{id}/storefront: open the shop, choose what buyers see, and how it sells. */
export function StorefrontSettingsPage() {
  const { workspaceId } = route.useParams();
  const workspace = useWorkspace(workspaceId);
  const settings = useQuery({
    queryKey: storefrontKey(workspaceId),
    queryFn: () => call(c.settings, { params: { id: workspaceId } }),
  });
  const canEdit = workspace.data?.role === 'owner' || workspace.data?.role === 'admin';

  return (
    <>
      <header className={p.pageHeader}>
        <div>
          <h1 className={p.title}>Storefront</h1>
          <p className={p.muted}>Your shop on the marketplace: what buyers see, and how you sell to them.</p>
        </div>
      </header>
      {settings.isPending ? (
        <Spinner label="Loading the storefront" />
      ) : settings.isError ? (
        <LoadError title="Could not load the storefront" message={serverMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <div className={p.stack}>
          <StatusCard workspaceId={workspaceId} dto={settings.data} canEdit={canEdit} />
          <Card aria-labelledby="published-title">
            <h2 className={p.sectionTitle} id="published-title">
              Products buyers see
            </h2>
            <DeviceDataGate inline opening="Opening products">
              {(data) => <PublishedProducts data={data} workspaceId={workspaceId} dto={settings.data} canEdit={canEdit} />}
            </DeviceDataGate>
          </Card>
          <StorefrontForm workspaceId={workspaceId} dto={settings.data} canEdit={canEdit} />
          <SellerReviews workspaceId={workspaceId} />
          {canEdit ? <PayoutCard workspaceId={workspaceId} /> : null}
        </div>
      )}
    </>
  );
}

function StatusCard({ workspaceId, dto, canEdit }: { workspaceId: number; dto: StorefrontSettingsDto; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (open: boolean) => call(workspacesContract.update, { params: { id: workspaceId }, body: { storefront_enabled: open } }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(workspaceKeys.one(workspaceId), updated);
      queryClient.setQueryData(storefrontKey(workspaceId), { ...dto, storefront_enabled: updated.storefront_enabled });
      toast({ title: updated.storefront_enabled ? 'Storefront open' : 'Storefront closed', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.list() });
    },
    onError: (error) => toast({ title: 'Update failed', description: serverMessage(error), variant: 'destructive' }),
  });
  const link = `/storefront/${encodeURIComponent(dto.slug)}`;
  return (
    <Card aria-labelledby="status-title">
      <h2 className={p.sectionTitle} id="status-title">
        Your shop
      </h2>
      <div className={p.stack}>
        <SwitchField isSelected={dto.storefront_enabled} onChange={(v) => toggle.mutate(v)} isDisabled={!canEdit || toggle.isPending}>
          Storefront open to buyers
        </SwitchField>
        {dto.currency !== MARKET_CURRENCY ? (
          <Notice tone="warning" title="Buyers cannot see your products yet">
            <p className={p.muted}>
              The marketplace sells in South African rand (ZAR) and this workspace&rsquo;s currency is {dto.currency}. Change the currency
              in Settings to sell here.
            </p>
          </Notice>
        ) : null}
        {dto.storefront_enabled ? (
          <p className={p.muted}>
            Your public page:{' '}
            <a href={link} target="_blank" rel="noreferrer" data-testid="storefront-link">
              {window.location.origin}
              {link}
            </a>
          </p>
        ) : (
          <p className={p.muted}>While the storefront is closed, none of your products appear to buyers.</p>
        )}
        {canEdit ? null : <p className={p.muted}>Only the workspace owner or an admin can change the storefront.</p>}
      </div>
    </Card>
  );
}
