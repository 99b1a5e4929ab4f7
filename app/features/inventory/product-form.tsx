import { useState } from 'react';
import { productTitle } from '../../../schema/inventory/product-variants';
import type { Product } from '../../../schema/inventory/catalog';
import type { UserData } from '../../data/db';
import { FormActions, FormFailure } from '../../ui/form-actions';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import { CheckboxField, SelectField } from '../../ui/form-controls';
import * as s from '../../ui/page.css';
import { PictureField } from '../../kit/pictures/picture-field';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { isGroupMain, productDraftFor, productDraftOf, type ProductFields } from './product-model';
import { useProducts } from './use-inventory';
import { VariantsSection } from './variants-section';

const statusOptions: ReadonlyArray<{ value: Product['status']; label: string }> = [
  { value: 'active', label: 'Active' },
  { value: 'draft', label: 'Draft' },
  { value: 'archived', label: 'Archived' },
];

/** Drops unset fields so an edit that clears a field removes it instead of storing `undefined`. */
function defined(fields: ProductFields): Partial<Product> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

const clearable = [
  'sku',
  'barcode',
  'category',
  'price_cents',
  'cost_cents',
  'low_stock_threshold',
  'tax_rate_bp',
  'variant_name',
] as const;

export function ProductDialog({
  data,
  workspaceId,
  product,
  currency,
  isOpen,
  onClose,
}: {
  data: UserData;
  workspaceId: number;
  /** null creates a new product. */
  product: Product | null;
  currency: string;
  isOpen: boolean;
  onClose: (saved?: string) => void;
}) {
  return (
    <ModalDialog
      title={product ? `Edit ${productTitle(product, 'product')}` : 'New product'}
      isOpen={isOpen}
      onOpenChange={(o) => !o && onClose()}
    >
      {isOpen ? <ProductForm key={product?.id ?? 'new'} data={data} workspaceId={workspaceId} product={product} onClose={onClose} /> : null}
      {isOpen && product && product.variant_of === undefined ? <VariantsSection data={data} main={product} currency={currency} /> : null}
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
  const variants = useProducts(data, workspaceId)?.filter((p) => product !== null && p.variant_of === product.id) ?? [];
  const form = useZodForm(productDraftFor(product, variants.length > 0), productDraftOf(product));
  // The option field is shown for a variant and for a group's main product as they were when opened.
  const namesOption = product?.variant_of !== undefined || isGroupMain(product);

  const field = (key: Parameters<typeof form.field>[0]) => ({ ...form.field(key), name: key });
  // The photo is uploaded as soon as it is picked; the product keeps only its drive file id.
  const [imageId, setImageId] = useState<string | null>(product?.image_file_id ?? null);
  const [uploading, setUploading] = useState(false);

  const submit = form.handleSubmit(async (fields: ProductFields) => {
    const updated_at = new Date().toISOString();
    const image = imageId ? { image_file_id: imageId } : {};
    if (product) {
      const doc = await data.db.products.findOne(product.id).exec();
      if (!doc) throw new Error('This product was deleted on another device');
      await doc.incrementalModify((old) => {
        const next: Product = { ...old, ...defined(fields), ...image, updated_at };
        for (const key of clearable) if (fields[key] === undefined) delete next[key];
        if (!imageId) delete next.image_file_id;
        // Without the option field (a product outside any group when opened), the stored option stays:
        // the Variants section sets it with the first variant.
        if (!namesOption) {
          if (old.variant_name === undefined) delete next.variant_name;
          else next.variant_name = old.variant_name;
        }
        return next;
      });
      // A group's variants carry its name, category and photo (each keeps its own option, price and codes).
      for (const v of variants) {
        const vdoc = await data.db.products.findOne(v.id).exec();
        await vdoc?.incrementalModify((old) => {
          const next: Product = { ...old, name: fields.name, updated_at };
          if (fields.category === undefined) delete next.category;
          else next.category = fields.category;
          if (imageId) next.image_file_id = imageId;
          else delete next.image_file_id;
          return next;
        });
      }
    } else {
      await data.db.products.insert({
        id: crypto.randomUUID(),
        workspace_id: workspaceId,
        updated_at,
        product_type: 'physical',
        status: 'active',
        ...defined(fields),
        ...image,
      });
    }
    onClose(fields.name);
  });

  return (
    <form className={s.dialogBody} onSubmit={submit} noValidate>
      <TextField label="Name" {...field('name')} isRequired autoFocus />
      {namesOption ? (
        <TextField
          label="Option"
          {...field('variant_name')}
          isRequired
          description={
            product?.variant_of !== undefined
              ? "This variant's size, colour or other option, e.g. Red / L"
              : "This product's own option in its group, e.g. Red / M"
          }
        />
      ) : null}
      <PictureField
        workspaceId={workspaceId}
        purpose="product"
        label="Photo"
        fileId={imageId}
        onChange={setImageId}
        onBusy={setUploading}
      />
      <div className={s.pairGrid}>
        <TextField label="Price" {...field('price_cents')} inputMode="decimal" placeholder="0.00" />
        <TextField label="Cost" {...field('cost_cents')} inputMode="decimal" placeholder="0.00" />
        <TextField label="SKU" {...field('sku')} />
        <TextField label="Barcode" {...field('barcode')} />
        <TextField label="Category" {...field('category')} />
        <TextField
          label="Low-stock level"
          {...field('low_stock_threshold')}
          inputMode="numeric"
          description="Highlighted when on hand is at or below this"
        />
        <TextField
          label="VAT rate (%)"
          {...field('tax_rate_bp')}
          inputMode="decimal"
          placeholder="0"
          description="Included in the price, e.g. 15; 0 for zero-rated items. Empty: the workspace's VAT rate (settings)."
        />
      </div>
      <SelectField label="Status" value={form.values.status} options={statusOptions} onChange={(v) => form.set('status', v)} />
      <CheckboxField isSelected={form.values.track_inventory} onChange={(v) => form.set('track_inventory', v)}>
        Track stock for this product
      </CheckboxField>
      <CheckboxField isSelected={form.values.pos_enabled} onChange={(v) => form.set('pos_enabled', v)}>
        Sell it at the Point of Sale
      </CheckboxField>
      <FormFailure lead="Could not save" message={form.failure} />
      <FormActions
        submitLabel={product ? 'Save changes' : 'Add product'}
        pending={form.submitting || uploading}
        onCancel={() => onClose()}
      />
    </form>
  );
}
