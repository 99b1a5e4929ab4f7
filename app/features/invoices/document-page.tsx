import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { invoiceMoney } from '../../../schema/invoices/credit-notes';
import { documentSeller, sellerOf } from '../../../schema/invoices/seller';
import { invoiceFrozen, quoteFrozen, type Invoice, type Quote } from '../../../schema/invoices/invoices';
import { formatCents } from '../../../schema/kit/money';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { PageSpinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { EmptyState, Notice } from '../../ui/feedback';
import { LinkButton } from '../../routes/link-button';
import { useWorkspace, useWorkspaceSettings } from '../../kit/workspace-queries';
import * as w from '../../ui/page.css';
import { DeviceDataGate } from '../../kit/device-data-gate';
import { updateDocument } from './document-actions';
import { lineDraftOf, type DocumentDraft } from './document-draft';
import { DocumentForm } from './document-form';
import { invoiceShownStatus, isEditable, quoteShownStatus } from './document-status';
import { useWorkspaceDates } from '../../kit/date-format';
import { DOCUMENT_LOGO_WIDTH, workspaceLogoUrl } from '../../kit/pictures/workspace-logo';
import { DocumentView, type ViewModel } from './document-view';
import { InvoiceActions, QuoteActions } from './document-page-actions';
import { PdfActions } from './pdf/pdf-actions';
import { OutreachStatus, SendActions } from './outreach/send-actions';
import { defaultTaxFor } from './new-document-page';
import * as s from './invoices.css';
import { useCreditNotes, useDocument, useNumberKeeper, type LoadedDocument } from './use-documents';

const route = getRouteApi('/protected/workspace/$workspaceId/invoices/$documentId');

/** /workspace/{id}/invoices/{documentId}: one invoice or quote, its actions and its printable view. */
export function DocumentPage() {
  const { workspaceId, documentId } = route.useParams();
  return <DeviceDataGate>{(data) => <Document data={data} workspaceId={workspaceId} id={documentId} />}</DeviceDataGate>;
}

function Document({ data, workspaceId, id }: { data: UserData; workspaceId: number; id: string }) {
  const loaded = useDocument(data, id);
  const workspace = useWorkspace(workspaceId);
  const settings = useWorkspaceSettings(workspaceId).data;
  const dates = useWorkspaceDates();
  const [editing, setEditing] = useState(false);
  useNumberKeeper(data, workspaceId);
  if (loaded === undefined) return <PageSpinner label="Opening the document..." />;
  if (loaded === null || loaded.doc.workspace_id !== workspaceId) {
    return (
      <EmptyState title="Document not found">
        <p className={w.muted}>It is not on this device. It may have been deleted, or not synced here yet.</p>
        <LinkButton to="/workspace/$workspaceId/invoices" params={{ workspaceId }}>
          All invoices
        </LinkButton>
      </EmptyState>
    );
  }
  if (editing && isEditable(loaded.doc)) {
    return <EditDocument data={data} workspaceId={workspaceId} loaded={loaded} onDone={() => setEditing(false)} />;
  }
  const today = dates.today();
  // An issued document shows the seller as it stood then; a draft, the workspace as it is now.
  const seller = documentSeller(sellerOf(workspace.data?.name ?? '', settings), loaded.doc.issued_seller);
  const model = viewModel(loaded, seller.name, today);
  model.logoUrl = workspaceLogoUrl(workspace.data, DOCUMENT_LOGO_WIDTH);
  model.address = seller.address ?? undefined;
  model.registration = [
    ...(seller.vatNumber ? [`VAT no. ${seller.vatNumber}`] : []),
    ...(seller.registrationNumber ? [`Reg. no. ${seller.registrationNumber}`] : []),
  ];
  const frozen = loaded.kind === 'invoice' ? invoiceFrozen(loaded.doc) : quoteFrozen(loaded.doc);
  const creditNote = loaded.kind === 'invoice' && loaded.doc.kind === 'credit_note' ? loaded.doc : undefined;
  const invoice = loaded.kind === 'invoice' && !creditNote ? loaded.doc : undefined;
  const creditable = invoice && (invoice.status === 'sent' || invoice.status === 'partially_paid' || invoice.status === 'paid');
  return (
    <div className={w.stack}>
      <nav aria-label="Breadcrumb" className={s.noPrint}>
        {creditNote?.credit_for_invoice_id ? (
          <Link to="/workspace/$workspaceId/invoices/$documentId" params={{ workspaceId, documentId: creditNote.credit_for_invoice_id }}>
            ← Invoice {creditNote.credit_for_number}
          </Link>
        ) : (
          <Link
            to="/workspace/$workspaceId/invoices"
            params={{ workspaceId }}
            search={{ kind: loaded.kind === 'quote' ? 'quote' : undefined }}
          >
            ← {loaded.kind === 'invoice' ? 'All invoices' : 'All quotes'}
          </Link>
        )}
      </nav>
      {model.number === undefined || frozen ? (
        <div className={[w.stack, s.noPrint].join(' ')}>
          {model.number === undefined ? (
            <Notice tone="warning" title="No number yet">
              <p className={w.muted}>
                This device had no {loaded.kind} numbers left when it was saved. It gets its number as soon as this device is online and can
                reserve more. Until then it cannot be marked as sent.
              </p>
            </Notice>
          ) : null}
          {frozen ? <Notice title={frozen} /> : null}
        </div>
      ) : null}
      <div className={[s.actions, s.noPrint].join(' ')}>
        {isEditable(loaded.doc) ? (
          <Button variant="secondary" onPress={() => setEditing(true)}>
            Edit
          </Button>
        ) : null}
        {creditNote ? null : loaded.kind === 'invoice' ? (
          <InvoiceActions data={data} invoice={loaded.doc} />
        ) : (
          <QuoteActions data={data} quote={loaded.doc} workspaceId={workspaceId} />
        )}
        {creditable ? (
          <LinkButton
            variant="secondary"
            to="/workspace/$workspaceId/invoices/$documentId/credit-note"
            params={{ workspaceId, documentId: loaded.doc.id }}
          >
            Credit note
          </LinkButton>
        ) : null}
        <SendActions data={data} loaded={loaded} workspaceId={workspaceId} />
        <PdfActions loaded={loaded} business={workspace.data?.name ?? ''} settings={settings} logoUrl={model.logoUrl} />
        <Button variant="secondary" onPress={() => window.print()}>
          Print
        </Button>
      </div>
      <div className={s.noPrint}>
        {invoice ? <InvoiceMoney data={data} invoice={invoice} workspaceId={workspaceId} /> : null}
        <OutreachStatus data={data} loaded={loaded} workspaceId={workspaceId} />
      </div>
      <DocumentView model={model} />
    </div>
  );
}

/** What the invoice's payments and credit notes leave owed, and its credit notes, each linked. */
function InvoiceMoney({ data, invoice, workspaceId }: { data: UserData; invoice: Invoice; workspaceId: number }) {
  const notes = useCreditNotes(data, invoice);
  const money = invoiceMoney(invoice);
  const fmt = (c: number) => formatCents(c, invoice.currency);
  if (money.paid === 0 && money.credited === 0 && notes.length === 0) return null;
  return (
    <div className={w.stack}>
      <p className={w.muted} data-testid="balance-due">
        {money.credited > 0 ? `Credited ${fmt(money.credited)} · ` : ''}
        {money.paid > 0 ? `Paid ${fmt(money.paid)} · ` : ''}Balance due {fmt(money.balance)}
      </p>
      {money.owedBack > 0 ? (
        <p className={w.muted} role="status" data-testid="owed-back">
          {fmt(money.owedBack)} was paid beyond what the credit notes left: refund it to the customer or keep it as their credit.
        </p>
      ) : null}
      {notes.length > 0 ? (
        <section aria-labelledby="credit-notes-title">
          <h2 id="credit-notes-title" className={w.sectionTitle}>
            Credit notes
          </h2>
          <ul className={w.list} data-testid="credit-notes">
            {notes.map((n) => (
              <li key={n.id}>
                <Link to="/workspace/$workspaceId/invoices/$documentId" params={{ workspaceId, documentId: n.id }}>
                  {n.credit_note_number}
                </Link>{' '}
                · {n.issue_date} · {fmt(invoiceMoney(n).total)} · {n.credit_reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function viewModel(loaded: LoadedDocument, business: string, today: string): ViewModel {
  const d = loaded.doc;
  const common = {
    business,
    customer: { name: d.customer_name, email: d.customer_email, address: d.customer_address },
    currency: d.currency,
    pricesIncludeVat: d.prices_include_vat,
    items: d.items,
    totals: d,
    notes: d.notes,
  };
  if (loaded.kind === 'invoice' && loaded.doc.kind === 'credit_note') {
    const note = loaded.doc;
    return {
      ...common,
      heading: 'Credit note',
      number: note.credit_note_number,
      status: note.status,
      dates: [{ label: 'Issued', value: note.issue_date }],
      creditFor: note.credit_for_number ? { number: note.credit_for_number, reason: note.credit_reason } : undefined,
    };
  }
  if (loaded.kind === 'invoice') {
    const inv = loaded.doc;
    const dates = [
      { label: 'Issued', value: inv.issue_date },
      { label: 'Due', value: inv.due_date },
    ];
    if (inv.paid_date) dates.push({ label: 'Paid', value: inv.paid_date });
    return { ...common, heading: 'Invoice', number: inv.invoice_number, status: invoiceShownStatus(inv, today), dates };
  }
  const q = loaded.doc;
  return {
    ...common,
    heading: 'Quote',
    number: q.quote_number,
    status: quoteShownStatus(q, today),
    dates: [
      { label: 'Issued', value: q.issue_date },
      { label: 'Valid until', value: q.expiry_date },
    ],
  };
}

function draftOf(doc: Invoice | Quote, end: string | undefined): DocumentDraft {
  return {
    contactId: doc.contact_id ?? 'new',
    customerName: doc.customer_name,
    customerEmail: doc.customer_email ?? '',
    customerAddress: doc.customer_address ?? '',
    issueDate: doc.issue_date,
    endDate: end ?? '',
    notes: doc.notes ?? '',
    lines: doc.items.map(lineDraftOf),
    pricesIncludeVat: doc.prices_include_vat,
  };
}

function EditDocument({
  data,
  workspaceId,
  loaded,
  onDone,
}: {
  data: UserData;
  workspaceId: number;
  loaded: LoadedDocument;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const settings = useWorkspaceSettings(workspaceId).data;
  const doc = loaded.doc;
  const end = loaded.kind === 'invoice' ? loaded.doc.due_date : loaded.doc.expiry_date;
  const number = loaded.kind === 'invoice' ? loaded.doc.invoice_number : loaded.doc.quote_number;
  const noun = loaded.kind === 'invoice' ? 'invoice' : 'quote';
  return (
    <DocumentForm
      data={data}
      workspaceId={workspaceId}
      kind={loaded.kind}
      currency={doc.currency}
      defaultTax={defaultTaxFor(settings)}
      initial={draftOf(doc, end)}
      title={`Edit ${noun} ${number ?? ''}`.trim()}
      submitLabel="Save changes"
      numbered
      onCancel={onDone}
      onSubmit={async (contactId, value) => {
        await updateDocument(data, { kind: loaded.kind, id: doc.id, workspaceId, contactId, value });
        toast({ title: `${noun === 'invoice' ? 'Invoice' : 'Quote'} saved`, variant: 'success' });
        onDone();
        await navigate({ to: '/workspace/$workspaceId/invoices/$documentId', params: { workspaceId, documentId: doc.id }, replace: true });
      }}
    />
  );
}
