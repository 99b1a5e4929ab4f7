import { useEffect, useMemo, useState } from 'react';
import type { UserData } from '../../data/db';
import { FormActions, FormFailure } from '../../ui/form-actions';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { TextField } from '../../ui/text-field';
import { DateField } from '../../ui/date-fields';
import { useContacts } from '../crm';
import { useOnline } from '../../kit/online';
import { Notice } from '../../ui/feedback';
import { SelectField, SwitchField } from '../../ui/form-controls';
import * as w from '../../ui/page.css';
import { documentDraftSchema, emptyLine, lineErrorsOf, liveTotals, type DocumentDraft, type LineDraft } from './document-draft';
import { LineItemsEditor } from './line-items-editor';
import { numbersLeft, type DocumentKind } from './numbering';
import type { CheckedDraft } from './document-draft';
import * as s from './invoices.css';
import { TotalsBlock } from './totals-block';

const nouns = { invoice: 'invoice', quote: 'quote' } as const;

/**
 * New and edit form for an invoice or a quote. Checks everything before anything is written and
 * shows each message beside its field; the caller stores the checked result.
 */
export function DocumentForm({
  data,
  workspaceId,
  kind,
  currency,
  defaultTax,
  initial,
  title,
  submitLabel,
  numbered,
  onSubmit,
  onCancel,
}: {
  data: UserData;
  workspaceId: number;
  kind: DocumentKind;
  currency: string;
  defaultTax: string;
  initial: DocumentDraft;
  title: string;
  submitLabel: string;
  /** Already has a number (an edit): no numbering notice. */
  numbered: boolean;
  onSubmit: (contactId: string, value: CheckedDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const endLabel = kind === 'invoice' ? 'Due date' : 'Valid until';
  const schema = useMemo(() => documentDraftSchema(endLabel), [endLabel]);
  const form = useZodForm(schema, initial);
  const draft = form.values;
  const errors = form.errors;
  const lineErrors = useMemo(() => lineErrorsOf(errors), [errors]);
  const [focus, setFocus] = useState<{ id: string; seq: number } | null>(null);
  const { contacts } = useContacts(data, workspaceId);
  const pricesIncludeVat = draft.pricesIncludeVat === true;
  const totals = useMemo(() => liveTotals(draft.lines, pricesIncludeVat), [draft.lines, pricesIncludeVat]);
  const set = (key: 'customerName' | 'customerEmail' | 'customerAddress' | 'issueDate' | 'endDate' | 'notes') => ({
    ...form.field(key),
    name: key,
  });

  const contactOptions = useMemo(() => {
    const options = [
      { value: 'new', label: 'New customer (added to CRM)' },
      ...(contacts ?? []).map((c) => ({ value: c.id, label: c.company ? `${c.name} (${c.company})` : c.name })),
    ];
    // A document's contact that is not on this device (deleted, or not synced yet) stays selected.
    if (contacts && initial.contactId !== 'new' && !options.some((o) => o.value === initial.contactId)) {
      options.push({ value: initial.contactId, label: `${initial.customerName} (not in CRM on this device)` });
    }
    return options;
  }, [contacts, initial.contactId, initial.customerName]);

  function pickContact(id: string) {
    const c = contacts?.find((x) => x.id === id);
    const { customerName, customerEmail, customerAddress } = initial;
    form.update((d) =>
      c
        ? { ...d, contactId: id, customerName: c.name, customerEmail: c.email ?? '', customerAddress: c.address ?? '' }
        : id === initial.contactId
          ? { ...d, contactId: id, customerName, customerEmail, customerAddress }
          : { ...d, contactId: 'new', customerName: '', customerEmail: '', customerAddress: '' },
    );
  }

  function changeLine(id: string, patch: Partial<LineDraft>) {
    form.update((d) => ({ ...d, lines: d.lines.map((l) => (l.id === id ? { ...l, ...patch } : l)) }));
    // A line's message goes once that field is edited; the rest stay until the next save.
    form.setErrors((e) => {
      const stale = Object.keys(patch).map((k) => `line.${id}.${k}`);
      return stale.some((k) => e[k]) ? Object.fromEntries(Object.entries(e).filter(([k]) => !stale.includes(k))) : e;
    });
  }
  function addLine() {
    const line = emptyLine(defaultTax);
    setFocus((f) => ({ id: line.id, seq: (f?.seq ?? 0) + 1 }));
    form.update((d) => ({ ...d, lines: [...d.lines, line] }));
  }
  function removeLine(id: string) {
    if (draft.lines.length < 2) return;
    // The focus moves to the line before (or the new first line), not to the top of the page.
    const i = draft.lines.findIndex((l) => l.id === id);
    const neighbour = draft.lines[i > 0 ? i - 1 : 1];
    form.update((d) => ({ ...d, lines: d.lines.filter((l) => l.id !== id) }));
    if (neighbour) setFocus((f) => ({ id: neighbour.id, seq: (f?.seq ?? 0) + 1 }));
  }

  const submit = form.handleSubmit(async (checked) => {
    await onSubmit(draft.contactId, checked);
  });

  const errorCount = Object.values(errors).filter((v) => v !== undefined).length;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="document-form-title" className={w.stack}>
      <h1 id="document-form-title" className={w.title}>
        {title}
      </h1>
      {numbered ? null : <NumberingNotice data={data} workspaceId={workspaceId} kind={kind} />}
      {errorCount > 0 ? (
        <p role="alert" className={w.fieldError}>
          {errors.lines ?? `Please fix what is marked below before saving this ${nouns[kind]}.`}
        </p>
      ) : null}
      <fieldset className={[w.stack, s.fieldset].join(' ')}>
        <legend className={w.sectionTitle}>Customer</legend>
        <SelectField
          label="Customer"
          value={draft.contactId}
          options={contactOptions}
          onChange={pickContact}
          hint="Pick a CRM contact or type a new customer below"
        />
        <div className={w.twoColumns}>
          <TextField label="Customer name" isRequired {...set('customerName')} />
          <TextField label="Customer email" type="email" {...set('customerEmail')} />
        </div>
        <TextField label="Customer address" multiline {...set('customerAddress')} />
      </fieldset>
      <div className={w.pairGrid}>
        <DateField label="Issue date" {...set('issueDate')} />
        <DateField label={endLabel} {...set('endDate')} />
      </div>
      <LineItemsEditor
        lines={draft.lines}
        errors={lineErrors}
        currency={currency}
        pricesIncludeVat={pricesIncludeVat}
        focus={focus}
        onChange={changeLine}
        onAdd={addLine}
        onRemove={removeLine}
      />
      <SwitchField isSelected={pricesIncludeVat} onChange={(on) => form.update((d) => ({ ...d, pricesIncludeVat: on }))}>
        Prices include VAT
      </SwitchField>
      <TotalsBlock totals={totals} pricesIncludeVat={pricesIncludeVat} currency={currency} label={`${title} totals`} />
      <TextField label="Notes" description="Payment details, thanks, terms" multiline {...set('notes')} />
      <FormFailure lead="Could not save" message={form.failure} />
      <FormActions submitLabel={submitLabel} pending={form.submitting} onCancel={onCancel} />
    </form>
  );
}

/** Says plainly when a new document cannot get its number yet (offline with none reserved). */
function NumberingNotice({ data, workspaceId, kind }: { data: UserData; workspaceId: number; kind: DocumentKind }) {
  const online = useOnline();
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void numbersLeft(data, workspaceId, kind).then((n) => live && setLeft(n));
    return () => {
      live = false;
    };
  }, [data, workspaceId, kind, online]);
  if (left === null || left > 0 || online) return null;
  return (
    <Notice tone="warning" title={`No ${nouns[kind]} numbers left on this device`}>
      <p className={w.muted}>
        You can still save it as a draft. It gets its number as soon as this device is online and can reserve more numbers.
      </p>
    </Notice>
  );
}
