import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { toast } from '../../ui/toast-store';
import * as w from '../../ui/page.css';
import { ListingForm } from './listing-form';
import { classifiedCalls, useClassifiedChange } from './use-classifieds';

const route = getRouteApi('/protected/workspace/$workspaceId/classifieds/new');

/** A new ad, from inside the workspace. */
export function NewListingPage() {
  const { workspaceId } = route.useParams();
  return <NewListing workspaceId={workspaceId} />;
}

/** The new-ad form; saved, it opens the ad's own page. Also what /classifieds/new shows. */
export function NewListing({ workspaceId }: { workspaceId: number }) {
  const navigate = useNavigate();
  const create = useClassifiedChange((body: Parameters<typeof classifiedCalls.create>[1]) => classifiedCalls.create(workspaceId, body));
  return (
    <section className={`${w.page} ${w.narrow}`} aria-labelledby="new-ad-title">
      <h1 id="new-ad-title" className={w.title}>
        Post an Ad
      </h1>
      <ListingForm
        workspaceId={workspaceId}
        onCancel={() => void navigate({ to: '/workspace/$workspaceId/classifieds', params: { workspaceId } })}
        onSave={async (data, status) => {
          const made = await create.mutateAsync({ ...data, status: status ?? 'published' });
          toast({ title: made.status === 'published' ? 'Your ad is live' : 'Draft saved', variant: 'success' });
          void navigate({ to: '/workspace/$workspaceId/classifieds/$classifiedId', params: { workspaceId, classifiedId: made.id } });
        }}
      />
    </section>
  );
}
