import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import type { Invoice, Quote } from '../../../schema/invoices/invoices';
import type { UserData } from '../../data/db';
import { Spinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import { TextField } from '../../ui/text-field';
import { formatCents } from '../../../schema/kit/money';
import { EmptyState } from '../../ui/feedback';
import { SelectField } from '../../ui/form-controls';
import { LinkButton } from '../../routes/link-button';
import { useWorkspace, useWorkspaceSettings } from '../../kit/workspace-queries';
import { DOCUMENT_LOGO_WIDTH, workspaceLogoUrl } from '../../kit/pictures/workspace-logo';
import * as w from '../../ui/page.css';
import { DeviceDataGate } from '../../kit/device-data-gate';
import { NO_NUMBER, StatusBadge } from './document-bits';
import { useWorkspaceDates } from '../../kit/date-format';
import { invoiceShownStatus, quoteShownStatus, statusLabels, type InvoiceShownStatus, type QuoteShownStatus } from './document-status';
import * as s from './invoices.css';
import { RefusedDocumentsNotice } from './refused-notice';
import { invoiceMoney } from '../../../schema/invoices/credit-notes';
import { useInvoices, useNumberKeeper, useQuotes, useWorkspaceCreditNotes } from './use-documents';
import { useWarmPdfMaker } from './pdf/pdf-actions';

const route = getRouteApi('/protected/workspace/$workspaceId/invoices/');

type Kind = 'invoice' | 'quote' | 'credit_note';

/** /workspace/{id}/invoices: invoices and quotes from the device database, so the list works offline. */
export function InvoicesPage() {
  const { workspaceId } = route.useParams();
  useWarmPdfMaker(workspaceLogoUrl(useWorkspace(workspaceId).data, DOCUMENT_LOGO_WIDTH));
  const { kind } = route.useSearch();
  // Fetched here while online so a document written offline later starts in the right currency.
  useWorkspaceSettings(workspaceId);
  return (
    <section className={w.stack} aria-labelledby="invoices-title">
      <header className={w.pageHeader}>
        <div>
          <h1 id="invoices-title" className={w.title}>
            Invoices &amp; Quotes
          </h1>
          <p className={w.muted}>Written on this device, numbered offline, synced when you are online.</p>
        </div>
        <div className={w.actionRow}>
          <LinkButton to="/workspace/$workspaceId/invoices/new" params={{ workspaceId }}>
            New invoice
          </LinkButton>
          <LinkButton variant="secondary" to="/workspace/$workspaceId/invoices/new" params={{ workspaceId }} search={{ kind: 'quote' }}>
            New quote
          </LinkButton>
        </div>
      </header>
      <RefusedDocumentsNotice workspaceId={workspaceId} />
      <DeviceDataGate>{(data) => <Lists data={data} workspaceId={workspaceId} kind={kind ?? 'invoice'} />}</DeviceDataGate>
    </section>
  );
}

function Lists({ data, workspaceId, kind }: { data: UserData; workspaceId: number; kind: Kind }) {
  const navigate = useNavigate();
  const left = useNumberKeeper(data, workspaceId);
  return (
    <>
      {left ? (
        <p className={[w.muted, w.small].join(' ')} data-testid="numbers-left">
          {left.invoice === 0 && left.quote === 0
            ? 'This device holds no document numbers yet: they are reserved when you are online. Documents saved offline until then get their number later.'
            : `Ready for offline use on this device: ${left.invoice} invoice and ${left.quote} quote numbers.`}
        </p>
      ) : null}
      <Tabs
        label="Documents"
        selectedKey={kind}
        onSelectionChange={(key) =>
          void navigate({
            to: '/workspace/$workspaceId/invoices',
            params: { workspaceId },
            search: { kind: key === 'quote' || key === 'credit_note' ? key : undefined },
            replace: true,
          })
        }
        tabs={[
          { id: 'invoice', title: 'Invoices', content: <InvoiceList data={data} workspaceId={workspaceId} /> },
          { id: 'quote', title: 'Quotes', content: <QuoteList data={data} workspaceId={workspaceId} /> },
          { id: 'credit_note', title: 'Credit notes', content: <CreditNoteList data={data} workspaceId={workspaceId} /> },
        ]}
      />
    </>
  );
}

const invoiceFilters: ReadonlyArray<{ value: 'all' | InvoiceShownStatus; label: string }> = [
  { value: 'all', label: 'All statuses' },
  ...(['draft', 'sent', 'overdue', 'paid', 'cancelled'] as const).map((v) => ({ value: v, label: statusLabels[v] })),
];
const quoteFilters: ReadonlyArray<{ value: 'all' | QuoteShownStatus; label: string }> = [
  { value: 'all', label: 'All statuses' },
  ...(['draft', 'sent', 'accepted', 'declined', 'expired', 'converted'] as const).map((v) => ({ value: v, label: statusLabels[v] })),
];

function matches(doc: Invoice | Quote, number: string | undefined, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (needle === '') return true;
  return [number, doc.customer_name, doc.customer_email].some((v) => v?.toLowerCase().includes(needle));
}

function InvoiceList({ data, workspaceId }: { data: UserData; workspaceId: number }) {
  const list = useInvoices(data, workspaceId);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<'all' | InvoiceShownStatus>('all');
  const dates = useWorkspaceDates();
  const today = dates.today();
  const shown = useMemo(
    () => (list ?? []).filter((d) => (status === 'all' || invoiceShownStatus(d, today) === status) && matches(d, d.invoice_number, query)),
    [list, status, query, today],
  );
  if (!list) return <Spinner label="Loading invoices" />;
  if (list.length === 0) {
    return (
      <EmptyState title="No invoices yet">
        <p className={w.muted}>Write your first invoice. It works without a connection and syncs later.</p>
        <LinkButton to="/workspace/$workspaceId/invoices/new" params={{ workspaceId }}>
          Write an invoice
        </LinkButton>
      </EmptyState>
    );
  }
  return (
    <ListFrame
      noun="invoice"
      label="Invoices"
      total={list.length}
      shown={shown.length}
      filters={
        <>
          <TextField label="Search invoices" type="search" value={query} onChange={setQuery} placeholder="Number or customer" />
          <SelectField label="Filter by status" value={status} options={invoiceFilters} onChange={setStatus} />
        </>
      }
    >
      {shown.map((d) => (
        <Row
          key={d.id}
          workspaceId={workspaceId}
          id={d.id}
          number={d.invoice_number}
          customer={d.customer_name}
          meta={`Issued ${dates.date(d.issue_date)} · due ${dates.date(d.due_date)}`}
          status={invoiceShownStatus(d, today)}
          amount={formatCents(d.total_cents ?? 0, d.currency)}
        />
      ))}
    </ListFrame>
  );
}

function QuoteList({ data, workspaceId }: { data: UserData; workspaceId: number }) {
  const list = useQuotes(data, workspaceId);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<'all' | QuoteShownStatus>('all');
  const dates = useWorkspaceDates();
  const today = dates.today();
  const shown = useMemo(
    () => (list ?? []).filter((d) => (status === 'all' || quoteShownStatus(d, today) === status) && matches(d, d.quote_number, query)),
    [list, status, query, today],
  );
  if (!list) return <Spinner label="Loading quotes" />;
  if (list.length === 0) {
    return (
      <EmptyState title="No quotes yet">
        <p className={w.muted}>Send a quote first; once it is accepted it becomes an invoice in one step.</p>
        <LinkButton to="/workspace/$workspaceId/invoices/new" params={{ workspaceId }} search={{ kind: 'quote' }}>
          Write a quote
        </LinkButton>
      </EmptyState>
    );
  }
  return (
    <ListFrame
      noun="quote"
      label="Quotes"
      total={list.length}
      shown={shown.length}
      filters={
        <>
          <TextField label="Search quotes" type="search" value={query} onChange={setQuery} placeholder="Number or customer" />
          <SelectField label="Filter by status" value={status} options={quoteFilters} onChange={setStatus} />
        </>
      }
    >
      {shown.map((d) => (
        <Row
          key={d.id}
          workspaceId={workspaceId}
          id={d.id}
          number={d.quote_number}
          customer={d.customer_name}
          meta={`Issued ${dates.date(d.issue_date)} · valid until ${dates.date(d.expiry_date)}`}
          status={quoteShownStatus(d, today)}
          amount={formatCents(d.total_cents ?? 0, d.currency)}
        />
      ))}
    </ListFrame>
  );
}

/** Credit notes (SARS s21): written from the invoice they correct, listed here for the bookkeeper. */
function CreditNoteList({ data, workspaceId }: { data: UserData; workspaceId: number }) {
  const list = useWorkspaceCreditNotes(data, workspaceId);
  const [query, setQuery] = useState('');
  const dates = useWorkspaceDates();
  const shown = useMemo(
    () =>
      (list ?? []).filter(
        (d) => matches(d, d.credit_note_number, query) || (d.credit_for_number ?? '').toLowerCase().includes(query.trim().toLowerCase()),
      ),
    [list, query],
  );
  if (!list) return <Spinner label="Loading credit notes" />;
  if (list.length === 0) {
    return (
      <EmptyState title="No credit notes yet">
        <p className={w.muted}>To correct an invoice that was sent, open it and choose Credit note.</p>
      </EmptyState>
    );
  }
  return (
    <ListFrame
      noun="credit note"
      label="Credit notes"
      total={list.length}
      shown={shown.length}
      filters={
        <>
          <TextField
            label="Search credit notes"
            type="search"
            value={query}
            onChange={setQuery}
            placeholder="Number, invoice or customer"
          />
        </>
      }
    >
      {shown.map((d) => (
        <Row
          key={d.id}
          workspaceId={workspaceId}
          id={d.id}
          number={d.credit_note_number}
          customer={d.customer_name}
          meta={`Issued ${dates.date(d.issue_date)} · corrects invoice ${d.credit_for_number ?? ''}`.trim()}
          amount={formatCents(invoiceMoney(d).total, d.currency)}
        />
      ))}
    </ListFrame>
  );
}

/** A document list: its search and filters, how many are shown, and the rows (or that none match). */
function ListFrame(props: { noun: string; label: string; total: number; shown: number; filters: ReactNode; children: ReactNode }) {
  const { noun, total, shown } = props;
  return (
    <div className={w.stack}>
      <div className={s.filters}>{props.filters}</div>
      <p className={w.muted} role="status">
        {shown === total ? countText(total, noun) : `${shown} of ${countText(total, noun)}`}
      </p>
      {shown === 0 ? <EmptyState title={`No ${props.label.toLowerCase()} match`} /> : null}
      <ul className={w.list} aria-label={props.label}>
        {props.children}
      </ul>
    </div>
  );
}

function countText(n: number, noun: string): string {
  return n === 1 ? `1 ${noun}` : `${n} ${noun}s`;
}

function Row(props: {
  workspaceId: number;
  id: string;
  number: string | undefined;
  customer: string;
  meta: string;
  /** A credit note has none: it is issued when written and never changes. */
  status?: InvoiceShownStatus | QuoteShownStatus;
  amount: string;
}) {
  const title = props.number ?? NO_NUMBER;
  return (
    <li aria-label={`${title} ${props.customer}`}>
      <Link
        className={s.row}
        to="/workspace/$workspaceId/invoices/$documentId"
        params={{ workspaceId: props.workspaceId, documentId: props.id }}
      >
        <p className={s.rowTitle}>
          <span data-testid="document-number">{title}</span>
          {props.status ? <StatusBadge status={props.status} /> : null}
        </p>
        <span className={s.amount} data-testid="document-total">
          {props.amount}
        </span>
        <p className={s.rowMeta}>{props.customer}</p>
        <p className={s.rowMeta}>{props.meta}</p>
      </Link>
    </li>
  );
}
