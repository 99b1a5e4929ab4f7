import {
  documentTotals,
  isoDate,
  itemMessages,
  type DocumentItem,
  type DocumentTotals,
  type TotalsLine,
} from '../../../schema/invoices/invoices';
import { z } from 'zod';
import { centsToInput, parseCents } from '../../../schema/kit/money';
import { bpToPercent } from '../../kit/format';

/** One line as typed in the form. */
export interface LineDraft {
  id: string;
  description: string;
  quantity: string;
  price: string;
  /** Percent, e.g. "15". */
  tax: string;
  /** Percent off the line, e.g. "10"; empty for none. */
  discount: string;
}

export type DocumentDraft = {
  /** 'new' makes a new contact from the name, email and address typed below. */
  contactId: string;
  customerName: string;
  customerEmail: string;
  customerAddress: string;
  issueDate: string;
  /** Due date for an invoice, expiry date for a quote. */
  endDate: string;
  notes: string;
  lines: LineDraft[];
  /** Whether the line prices include VAT (the workspace's setting for a new document). Absent: they do not. */
  pricesIncludeVat?: boolean;
};

export type LineErrors = Partial<Record<'description' | 'quantity' | 'price' | 'tax' | 'discount', string>>;
export interface DraftErrors {
  customerName?: string;
  customerEmail?: string;
  issueDate?: string;
  endDate?: string;
  lines?: string;
  line: Record<string, LineErrors>;
}

export function emptyLine(taxPercent: string): LineDraft {
  return { id: crypto.randomUUID(), description: '', quantity: '1', price: '', tax: taxPercent, discount: '' };
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** "15", "15.5", "15 %" → 1500, 1550; at most 2 decimals, 0 to 100. Empty is `empty`. */
export function parsePercent(input: string, label: string, empty: number | undefined): Parsed<number | undefined> {
  const cleaned = input.trim().replace(/\s*%$/, '').replace(',', '.');
  if (cleaned === '') return { ok: true, value: empty };
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!m) return { ok: false, message: `${label} must be a percentage like 15` };
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (bp > 10_000) return { ok: false, message: `${label} cannot be more than 100 %` };
  return { ok: true, value: bp };
}

/** "2", "1.5", "0,25" → a number with at most 3 decimals, more than 0. */
export function parseQuantity(input: string): Parsed<number> {
  const cleaned = input.trim().replace(',', '.');
  const m = /^(\d{1,7})(?:\.(\d{1,3}))?$/.exec(cleaned);
  if (!m) {
    if (/^\d+\.\d{4,}$/.test(cleaned)) return { ok: false, message: itemMessages.quantityDecimals };
    return {
      ok: false,
      message: cleaned === '' || cleaned.startsWith('-') ? itemMessages.quantity : 'Quantity must be a number like 2 or 1.5',
    };
  }
  const thousandths = Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
  if (thousandths === 0) return { ok: false, message: itemMessages.quantity };
  if (thousandths > 1_000_000_000) return { ok: false, message: 'Quantity is too large' };
  return { ok: true, value: thousandths / 1000 };
}

/** A line's numbers for the live totals, or null while something in it does not parse yet. */
export function lineForTotals(line: LineDraft): TotalsLine | null {
  const q = parseQuantity(line.quantity);
  const price = parseCents(line.price, 'Unit price');
  const tax = parsePercent(line.tax, 'VAT', 0);
  const discount = parsePercent(line.discount, 'Discount', undefined);
  if (!q.ok || !price.ok || !tax.ok || !discount.ok) return null;
  return { quantity: q.value, unit_price_cents: price.cents ?? 0, tax_rate_bp: tax.value ?? 0, discount_bp: discount.value };
}

/** What the form shows as totals while typing: lines that do not parse yet count for nothing. */
export function liveTotals(lines: readonly LineDraft[], pricesIncludeVat = false): DocumentTotals {
  return documentTotals(
    lines.map(lineForTotals).filter((l): l is TotalsLine => l !== null),
    pricesIncludeVat,
  );
}

export interface CheckedDraft {
  customerName: string;
  customerEmail?: string;
  customerAddress?: string;
  issueDate: string;
  endDate?: string;
  notes?: string;
  items: DocumentItem[];
  pricesIncludeVat: boolean;
}

const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** Checks the whole form; errors come back per field and per line, and nothing is saved then. */
export function checkDraft(draft: DocumentDraft, endLabel: string): { ok: true; value: CheckedDraft } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = { line: {} };
  if (draft.customerName.trim() === '') errors.customerName = itemMessages.customer;
  const email = draft.customerEmail.trim();
  if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.customerEmail = 'Please enter a valid email address';
  if (!isoDate.safeParse(draft.issueDate).success) errors.issueDate = 'Issue date must be a date';
  if (draft.endDate !== '' && !isoDate.safeParse(draft.endDate).success) errors.endDate = `${endLabel} must be a date`;
  else if (draft.endDate !== '' && draft.endDate < draft.issueDate) errors.endDate = `${endLabel} cannot be before the issue date`;
  const used = draft.lines.filter((l) => !(l.description.trim() === '' && l.price.trim() === '' && draft.lines.length > 1));
  if (used.length === 0) errors.lines = itemMessages.oneLine;
  const items: DocumentItem[] = [];
  for (const line of used) {
    const e: LineErrors = {};
    if (line.description.trim() === '') e.description = itemMessages.description;
    const q = parseQuantity(line.quantity);
    if (!q.ok) e.quantity = q.message;
    const price = parseCents(line.price, 'Unit price');
    if (!price.ok) e.price = price.message;
    else if (price.cents === undefined) e.price = 'Unit price is required';
    const tax = parsePercent(line.tax, 'VAT', 0);
    if (!tax.ok) e.tax = tax.message;
    const discount = parsePercent(line.discount, 'Discount', undefined);
    if (!discount.ok) e.discount = discount.message;
    if (Object.keys(e).length > 0) {
      errors.line[line.id] = e;
      continue;
    }
    if (q.ok && price.ok && tax.ok && discount.ok) {
      const item: DocumentItem = {
        id: line.id,
        description: line.description.trim(),
        quantity: q.value,
        unit_price_cents: price.cents ?? 0,
        tax_rate_bp: tax.value ?? 0,
      };
      if (discount.value !== undefined && discount.value > 0) item.discount_bp = discount.value;
      items.push(item);
    }
  }
  const failed = Object.keys(errors).some((k) => k !== 'line') || Object.keys(errors.line).length > 0;
  if (failed) return { ok: false, errors };
  return {
    ok: true,
    value: {
      customerName: draft.customerName.trim(),
      customerEmail: optional(draft.customerEmail),
      customerAddress: optional(draft.customerAddress),
      issueDate: draft.issueDate,
      endDate: optional(draft.endDate),
      notes: optional(draft.notes),
      items,
      pricesIncludeVat: draft.pricesIncludeVat === true,
    },
  };
}

/**
 * The form as one schema for the shared form hook: `checkDraft`'s messages become issues on the
 * fields they are about, a line's at `line.<id>.<field>` (see `lineErrorsOf`).
 */
export function documentDraftSchema(endLabel: string) {
  return z
    .custom<DocumentDraft>((v) => typeof v === 'object' && v !== null)
    .transform((draft, ctx) => {
      const checked = checkDraft(draft, endLabel);
      if (checked.ok) return checked.value;
      const { line, ...fields } = checked.errors;
      for (const [key, message] of Object.entries(fields)) if (message) ctx.addIssue({ code: 'custom', message, path: [key] });
      for (const [id, lineFields] of Object.entries(line))
        for (const [key, message] of Object.entries(lineFields))
          if (message) ctx.addIssue({ code: 'custom', message, path: ['line', id, key] });
      return z.NEVER;
    });
}

const lineKeys = ['description', 'quantity', 'price', 'tax', 'discount'] as const;

/** The per-line messages back out of the form's flat errors. */
export function lineErrorsOf(errors: Record<string, string | undefined>): Record<string, LineErrors> {
  const out: Record<string, LineErrors> = {};
  for (const [key, message] of Object.entries(errors)) {
    const [head, id, field] = key.split('.');
    const known = lineKeys.find((k) => k === field);
    if (head !== 'line' || !id || !known || !message) continue;
    (out[id] ??= {})[known] = message;
  }
  return out;
}

/** A stored line back into form text. */
export function lineDraftOf(item: DocumentItem): LineDraft {
  return {
    id: item.id,
    description: item.description,
    quantity: String(item.quantity),
    price: centsToInput(item.unit_price_cents),
    tax: bpToPercent(item.tax_rate_bp),
    discount: item.discount_bp ? bpToPercent(item.discount_bp) : '',
  };
}
