import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import {
  creditedQuantities,
  creditNoteItems,
  creditRefusedFor,
  remainingToCreditCents,
  type CreditChoice,
} from '../../../schema/invoices/credit-notes';
import { creditMessages, documentTotals, quantityThousandths, type Invoice } from '../../../schema/invoices/invoices';
import { formatCents, parseCents } from '../../../schema/kit/money';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { EmptyState, Notice } from '../../ui/feedback';
import { SelectField } from '../../ui/form-controls';
import { PageSpinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as w from '../../ui/page.css';
import { LinkButton } from '../../routes/link-button';
import { DeviceDataGate } from '../../kit/device-data-gate';
import { useWorkspaceDates } from '../../kit/date-format';
import { createCreditNote, creditNotesOf } from './credit-note-actions';
import { bpToPercent } from '../../kit/format';
import * as s from './invoices.css';
import { useDocument, useNumberKeeper } from './use-documents';

const route = getRouteApi('/protected/workspace/$workspaceId/invoices/$documentId/credit-note');

/** /workspace/{id}/invoices/{invoiceId}/credit-note: write a credit note against a sent invoice (works offline). */
export function CreditNotePage() {
  const { workspaceId, documentId } = route.useParams();
  return <DeviceDataGate>{(data) => <CreditNoteLoader data={data} workspaceId={workspaceId} invoiceId={documentId} />}</DeviceDataGate>;
}

function CreditNoteLoader({ data, workspaceId, invoiceId }: { data: UserData; workspaceId: number; invoiceId: string }) {
  const loaded = useDocument(data, invoiceId);
  const [earlier, setEarlier] = useState<Invoice[] | null>(null);
  useNumberKeeper(data, workspaceId);
  const invoice = loaded?.kind === 'invoice' ? loaded.doc : undefined;
  useEffect(() => {
    if (!invoice) return;
    let live = true;
    void creditNotesOf(data, invoice).then((notes) => live && setEarlier(notes));
    return () => {
      live = false;
    };
  }, [data, invoice]);
  if (loaded === undefined || (invoice && earlier === null)) return <PageSpinner label="Opening the invoice..." />;
  const back = (
    <LinkButton to="/workspace/$workspaceId/invoices" params={{ workspaceId }}>
      All invoices
    </LinkButton>
  );
  if (!invoice || invoice.workspace_id !== workspaceId || invoice.kind === 'credit_note') {
    return (
      <EmptyState title="Invoice not found">
        <p className={w.muted}>It is not on this device. It may not have synced here yet.</p>
        {back}
      </EmptyState>
    );
  }
  const refused = creditRefusedFor(invoice);
  if (refused) {
    return (
      <div className={w.stack}>
        <Notice tone="warning" title="No credit note for this invoice">
          <p className={w.muted}>{refused}</p>
        </Notice>
        <div>
          <LinkButton to="/workspace/$workspaceId/invoices/$documentId" params={{ workspaceId, documentId: invoice.id }}>
            Back to the invoice
          </LinkButton>
        </div>
      </div>
    );
  }
  return <CreditNoteForm data={data} workspaceId={workspaceId} invoice={invoice} earlier={earlier ?? []} />;
}

type Mode = CreditChoice['mode'];
const modeOptions = [
  { value: 'lines' as const, label: 'Lines of the invoice' },
  { value: 'amount' as const, label: 'An amount' },
];

function quantityLeft(line: Invoice['items'][number], credited: ReadonlyMap<string, bigint>): number {
  return Number(quantityThousandths(line.quantity) - (credited.get(line.id) ?? 0n)) / 1000;
}

function CreditNoteForm({
  data,
  workspaceId,
  invoice,
  earlier,
}: {
  data: UserData;
  workspaceId: number;
  invoice: Invoice;
  earlier: Invoice[];
}) {
  const navigate = useNavigate();
  const dates = useWorkspaceDates();
  const credited = useMemo(() => creditedQuantities(earlier), [earlier]);
  const remaining = remainingToCreditCents(invoice);
  const money = (c: number) => formatCents(c, invoice.currency);
  const [mode, setMode] = useState<Mode>('lines');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const rate = invoice.items[0]?.tax_rate_bp ?? 0;

  /** The choice as typed, with per-field messages for what does not parse. */
  const read = (): { choice?: CreditChoice; fieldErrors: Record<string, string | undefined> } => {
    const fieldErrors: Record<string, string | undefined> = {};
    if (mode === 'amount') {
      const parsed = parseCents(amount, 'Amount');
      if (!parsed.ok) fieldErrors.amount = parsed.message;
      else if (parsed.cents === undefined || parsed.cents <= 0) fieldErrors.amount = creditMessages.nothing;
      else return { choice: { mode: 'amount', amount_cents: parsed.cents, tax_rate_bp: rate }, fieldErrors };
      return { fieldErrors };
    }
    const lines: { id: string; quantity: number }[] = [];
    for (const line of invoice.items) {
      const typed = (quantities[line.id] ?? '').trim().replace(',', '.');
      if (typed === '') continue;
      const q = Number(typed);
      if (!Number.isFinite(q) || q < 0 || !/^\d+(\.\d{1,3})?$/.test(typed)) fieldErrors[line.id] = 'Enter a quantity like 1 or 0.5';
      else if (q > quantityLeft(line, credited)) fieldErrors[line.id] = creditMessages.quantity;
      else if (q > 0) lines.push({ id: line.id, quantity: q });
    }
    return { choice: { mode: 'lines', lines }, fieldErrors };
  };

  const preview = (() => {
    const { choice } = read();
    if (!choice) return 0;
    try {
      return documentTotals(
        creditNoteItems(invoice, choice, reason || '-', credited),
        choice.mode === 'amount' ? true : invoice.prices_include_vat,
      ).total_cents;
    } catch {
      return 0;
    }
  })();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { choice, fieldErrors } = read();
    // What the lines or the amount come to is judged whatever the reason says, so both messages show at once.
    if (choice && Object.values(fieldErrors).every((e) => !e)) {
      if (preview <= 0) fieldErrors.form = creditMessages.nothing;
      else if (preview > remaining) fieldErrors.form = `${creditMessages.overCredit} ${money(remaining)} is left to credit.`;
    }
    if (reason.trim() === '') fieldErrors.reason = creditMessages.reason;
    setErrors(fieldErrors);
    if (!choice || Object.values(fieldErrors).some(Boolean)) return;
    setBusy(true);
    try {
      const created = await createCreditNote(data, invoice.id, { reason, choice, today: dates.today() });
      toast({ title: `Credit note ${created.number} issued`, variant: 'success' });
      await navigate({ to: '/workspace/$workspaceId/invoices/$documentId', params: { workspaceId, documentId: created.id } });
    } catch (err) {
      setBusy(false);
      setErrors({ form: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <form className={[w.stack, w.narrow].join(' ')} noValidate onSubmit={(e) => void submit(e)} aria-labelledby="credit-note-title">
      <nav aria-label="Breadcrumb">
        <Link to="/workspace/$workspaceId/invoices/$documentId" params={{ workspaceId, documentId: invoice.id }}>
          ← Invoice {invoice.invoice_number}
        </Link>
      </nav>
      <header>
        <h1 id="credit-note-title" className={w.title}>
          Credit note for {invoice.invoice_number}
        </h1>
        <p className={w.muted}>
          A sent invoice is never edited: a credit note corrects it. It gets its own number, names this invoice and lowers what{' '}
          {invoice.customer_name} owes.
        </p>
        <p className={w.muted} data-testid="left-to-credit">
          Left to credit: {money(remaining)} of {money(documentTotals(invoice.items, invoice.prices_include_vat).total_cents)}
        </p>
      </header>
      {errors.form ? (
        <Notice tone="error" title="The credit note was not issued">
          <p className={w.muted}>{errors.form}</p>
        </Notice>
      ) : null}
      <SelectField label="What do you credit?" name="mode" value={mode} options={modeOptions} onChange={(v) => setMode(v)} />
      {mode === 'lines' ? (
        <fieldset className={s.creditLines}>
          <legend className={w.fieldLabel}>Quantity to credit per line</legend>
          {invoice.items.map((line) => {
            const left = quantityLeft(line, credited);
            return (
              <div key={line.id} className={s.creditLine}>
                <div className={w.itemMain}>
                  <strong>{line.description}</strong>
                  <span className={[w.muted, w.small].join(' ')}>
                    {line.quantity} × {money(line.unit_price_cents)} · VAT {bpToPercent(line.tax_rate_bp)} % · {left} left to credit
                  </span>
                </div>
                <div className={s.creditQuantity}>
                  <TextField
                    label={`Credit quantity: ${line.description}`}
                    inputMode="decimal"
                    placeholder="0"
                    value={quantities[line.id] ?? ''}
                    onChange={(v) => {
                      setQuantities((q) => ({ ...q, [line.id]: v }));
                      setErrors((e) => ({ ...e, [line.id]: undefined, form: undefined }));
                    }}
                    error={errors[line.id]}
                    isDisabled={left <= 0}
                  />
                </div>
              </div>
            );
          })}
          <div>
            <Button
              variant="ghost"
              onPress={() =>
                setQuantities(Object.fromEntries(invoice.items.map((line) => [line.id, String(quantityLeft(line, credited))])))
              }
            >
              Credit everything left
            </Button>
          </div>
        </fieldset>
      ) : (
        <TextField
          label="Amount to credit"
          description={`VAT included (${bpToPercent(rate)} %), at most ${money(remaining)}`}
          inputMode="decimal"
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setErrors((e) => ({ ...e, amount: undefined, form: undefined }));
          }}
          error={errors.amount}
        />
      )}
      <TextField
        label="Reason"
        description="Printed on the credit note, e.g. returned goods, price corrected"
        value={reason}
        onChange={(v) => {
          setReason(v);
          setErrors((e) => ({ ...e, reason: undefined }));
        }}
        error={errors.reason}
        maxLength={500}
      />
      <p className={s.creditTotal} data-testid="credit-note-total">
        This credit note: {money(preview)}
      </p>
      <div className={w.formActions}>
        <LinkButton variant="secondary" to="/workspace/$workspaceId/invoices/$documentId" params={{ workspaceId, documentId: invoice.id }}>
          Cancel
        </LinkButton>
        <Button type="submit" isPending={busy}>
          Issue credit note
        </Button>
      </div>
    </form>
  );
}
