import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { UserData } from '../../data/db';
import { PageSpinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { DeviceDataGate } from '../../kit/device-data-gate';
import { useWorkspaceSettings } from '../../kit/workspace-queries';
import { createDocument } from './document-actions';
import { bpToPercent } from '../../kit/format';
import { vatStatusOf } from '../../../schema/kit/vat';
import { emptyLine, type DocumentDraft } from './document-draft';
import type { WorkspaceSettings } from '../../../schema/workspaces/workspaces';
import { DocumentForm } from './document-form';
import { DEFAULT_DUE_DAYS, DEFAULT_QUOTE_DAYS } from './document-status';
import { addDays, useWorkspaceDates } from '../../kit/date-format';
import type { DocumentKind } from './numbering';
import { useNumberKeeper } from './use-documents';

const route = getRouteApi('/protected/workspace/$workspaceId/invoices/new');

/** The VAT rate a new line starts with, as a percent: the workspace's own when it is VAT registered, else 0 (schema/kit/vat.ts). */
export function defaultTaxFor(
  settings: (Pick<WorkspaceSettings, 'vat_rate_bp' | 'vat_number'> & Partial<Pick<WorkspaceSettings, 'vat_registered'>>) | undefined,
): string {
  return bpToPercent(vatStatusOf(settings).rateBp);
}

/** /workspace/{id}/invoices/new (?kind=quote): writes a draft on this device, online or not. */
export function NewDocumentPage() {
  const { workspaceId } = route.useParams();
  const { kind } = route.useSearch();
  const settings = useWorkspaceSettings(workspaceId);
  if (settings.isPending) return <PageSpinner label="Loading workspace settings..." />;
  const currency = settings.data?.currency ?? 'USD';
  const tax = defaultTaxFor(settings.data);
  const pricesIncludeVat = settings.data?.prices_include_vat ?? false;
  return (
    <DeviceDataGate>
      {(data) => (
        <NewDocument
          key={kind ?? 'invoice'}
          data={data}
          workspaceId={workspaceId}
          kind={kind ?? 'invoice'}
          currency={currency}
          tax={tax}
          pricesIncludeVat={pricesIncludeVat}
        />
      )}
    </DeviceDataGate>
  );
}

function NewDocument({
  data,
  workspaceId,
  kind,
  currency,
  tax,
  pricesIncludeVat,
}: {
  data: UserData;
  workspaceId: number;
  kind: DocumentKind;
  currency: string;
  tax: string;
  /** The workspace's setting: the new document starts with it. */
  pricesIncludeVat: boolean;
}) {
  const navigate = useNavigate();
  useNumberKeeper(data, workspaceId);
  const today = useWorkspaceDates().today();
  const initial: DocumentDraft = {
    contactId: 'new',
    customerName: '',
    customerEmail: '',
    customerAddress: '',
    issueDate: today,
    endDate: addDays(today, kind === 'invoice' ? DEFAULT_DUE_DAYS : DEFAULT_QUOTE_DAYS),
    notes: '',
    lines: [emptyLine(tax)],
    pricesIncludeVat,
  };
  const noun = kind === 'invoice' ? 'Invoice' : 'Quote';
  return (
    <DocumentForm
      data={data}
      workspaceId={workspaceId}
      kind={kind}
      currency={currency}
      defaultTax={tax}
      initial={initial}
      title={kind === 'invoice' ? 'New invoice' : 'New quote'}
      submitLabel="Save draft"
      numbered={false}
      onCancel={() =>
        void navigate({
          to: '/workspace/$workspaceId/invoices',
          params: { workspaceId },
          search: { kind: kind === 'quote' ? 'quote' : undefined },
        })
      }
      onSubmit={async (contactId, value) => {
        const created = await createDocument(data, { kind, workspaceId, contactId, currency, value });
        toast(
          created.number
            ? { title: `${noun} ${created.number} saved`, variant: 'success' }
            : {
                title: `${noun} saved as a draft without a number`,
                description: 'It gets its number as soon as this device can reserve more numbers online.',
              },
        );
        await navigate({ to: '/workspace/$workspaceId/invoices/$documentId', params: { workspaceId, documentId: created.id } });
      }}
    />
  );
}
