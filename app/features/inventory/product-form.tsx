import { useState, type FormEvent } from 'react';
import { products, type Product } from '../../../schema/catalog';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import { CheckboxField, SelectField } from '../../ui/form-controls';
import * as s from '../../ui/page.css';
import { centsToInput, parseCents } from '../../../schema/money';

type Status = Product['status'];
const statusOptions: ReadonlyArray<{ value: Status; label: string }> = [
  { value: 'active', label: 'Active' },
  { value: 'draft', label: 'Draft' },
  { value: 'archived', label: 'Archived' },
];

interface FormState {
  name: string;
  sku: string;
  barcode: string;
  category: string;
  price: string;
  cost: string;
  lowStock: string;
  vat: string;
  track: boolean;
  pos: boolean;
  status: Status;
}

function initial(p: Product | null): FormState {
  return {
    name: p?.name ?? '',
    sku: p?.sku ?? '',
    barcode: p?.barcode ?? '',
    category: p?.category ?? '',
    price: centsToInput(p?.price_cents),
    cost: centsToInput(p?.cost_cents),
    lowStock: p?.low_stock_threshold === undefined ? '' : String(p.low_stock_threshold),
    vat: p?.tax_rate_bp === undefined ? '' : centsToInput(p.tax_rate_bp),
    track: p?.track_inventory ?? true,
    pos: p?.pos_enabled ?? true,
    status: p?.status ?? 'active',
  };
}

const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** Form text → product fields, or the message per field. Nothing is written when anything is wrong. */
function toFields(f: FormState): { ok: true; fields: Partial<Product> } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (f.name.trim() === '') errors.name = 'Name is required';
  const price = parseCents(f.price, 'Price');
  if (!price.ok) errors.price = price.message;
  const cost = parseCents(f.cost, 'Cost');
  if (!cost.ok) errors.cost = cost.message;
  // A percentage with up to two decimals is a whole number of hundredths, like cents.
  const vat = parseCents(f.vat, 'VAT rate');
  if (!vat.ok) errors.vat = vat.message.replace('an amount like 12.50', 'a percentage like 15');
  else if (vat.cents !== undefined && vat.cents > 10_000) errors.vat = 'VAT rate must be between 0 and 100';
  let lowStock: number | undefined;
  if (f.lowStock.trim() !== '') {
    if (!/^\d+$/.test(f.lowStock.trim())) errors.lowStock = 'Low-stock level must be a whole number, 0 or more';
    else lowStock = Number(f.lowStock.trim());
  }
  const fields = {
    name: f.name.trim(),
    sku: optional(f.sku),
    barcode: optional(f.barcode),
    category: optional(f.category),
    price_cents: price.ok ? price.cents : undefined,
    cost_cents: cost.ok ? cost.cents : undefined,
    low_stock_threshold: lowStock,
    tax_rate_bp: vat.ok ? vat.cents : undefined,
    track_inventory: f.track,
    pos_enabled: f.pos,
    status: f.status,
  };
  // The same schema the server checks every pushed document with (lengths, ranges).
  const checked = products.fields.partial().safeParse(fields);
  if (!checked.success) {
    const names: Record<string, string> = { price_cents: 'price', cost_cents: 'cost', low_stock_threshold: 'lowStock', tax_rate_bp: 'vat' };
    for (const issue of checked.error.issues) {
      const key = String(issue.path[0] ?? 'name');
      errors[names[key] ?? key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, fields };
}

/** Drops unset fields so an edit that clears a field removes it instead of storing `undefined`. */
function defined(fields: Partial<Product>): Partial<Product> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

const clearable = ['sku', 'barcode', 'category', 'price_cents', 'cost_cents', 'low_stock_threshold', 'tax_rate_bp'] as const;

export function ProductDialog({
  data,
  workspaceId,
  product,
  isOpen,
  onClose,
}: {
  data: UserData;
  workspaceId: number;
  /** null creates a new product. */
  product: Product | null;
  isOpen: boolean;
  onClose: (saved?: string) => void;
}) {
  return (
    <ModalDialog
      title={product ? `Edit ${product.name ?? 'product'}` : 'New product'}
      isOpen={isOpen}
      onOpenChange={(o) => !o && onClose()}
    >
      {isOpen ? <ProductForm key={product?.id ?? 'new'} data={data} workspaceId={workspaceId} product={product} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

function ProductForm({
  data,
  workspaceId,
  product,
  onClose,
}: {
  data: UserData;
  workspaceId: number;
  product: Product | null;
  onClose: (saved?: string) => void;
}) {
  const [form, setForm] = useState<FormState>(() => initial(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const set =
    <K extends keyof FormState>(key: K) =>
    (value: FormState[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const result = toFields(form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    setFailure(null);
    const updated_at = new Date().toISOString();
    try {
      if (product) {
        const doc = await data.db.products.findOne(product.id).exec();
        if (!doc) throw new Error('This product was deleted on another device');
        await doc.incrementalModify((old) => {
          const next: Product = { ...old, ...defined(result.fields), updated_at };
          for (const key of clearable) if (result.fields[key] === undefined) delete next[key];
          return next;
        });
      } else {
        await data.db.products.insert({
          id: crypto.randomUUID(),
          workspace_id: workspaceId,
          updated_at,
          product_type: 'physical',
          status: 'active',
          ...defined(result.fields),
        });
      }
      onClose(result.fields.name);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
      setSaving(false);
    }
  }

  return (
    <form className={s.dialogBody} onSubmit={(e) => void submit(e)} noValidate>
      <TextField label="Name" value={form.name} onChange={set('name')} error={errors.name} isRequired autoFocus />
      <div className={s.pairGrid}>
        <TextField label="Price" value={form.price} onChange={set('price')} error={errors.price} inputMode="decimal" placeholder="0.00" />
        <TextField label="Cost" value={form.cost} onChange={set('cost')} error={errors.cost} inputMode="decimal" placeholder="0.00" />
        <TextField label="SKU" value={form.sku} onChange={set('sku')} error={errors.sku} />
        <TextField label="Barcode" value={form.barcode} onChange={set('barcode')} error={errors.barcode} />
        <TextField label="Category" value={form.category} onChange={set('category')} error={errors.category} />
        <TextField
          label="Low-stock level"
          value={form.lowStock}
          onChange={set('lowStock')}
          error={errors.lowStock}
          inputMode="numeric"
          description="Highlighted when on hand is at or below this"
        />
        <TextField
          label="VAT rate (%)"
          value={form.vat}
          onChange={set('vat')}
          error={errors.vat}
          inputMode="decimal"
          placeholder="0"
          description="Included in the price, e.g. 15. Empty if you do not charge VAT."
        />
      </div>
      <SelectField label="Status" value={form.status} options={statusOptions} onChange={set('status')} />
      <CheckboxField isSelected={form.track} onChange={set('track')}>
        Track stock for this product
      </CheckboxField>
      <CheckboxField isSelected={form.pos} onChange={set('pos')}>
        Sell it at the Point of Sale
      </CheckboxField>
      {failure ? (
        <p role="alert" className={s.fieldError}>
          Could not save: {failure}
        </p>
      ) : null}
      <div className={s.formActions}>
        <Button variant="secondary" onPress={() => onClose()}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={saving}>
          {product ? 'Save changes' : 'Add product'}
        </Button>
      </div>
    </form>
  );
}
