import { useState } from 'react';
import type { Product } from '../../../schema/inventory/catalog';
import { formatCents } from '../../../schema/kit/money';
import { productTitle } from '../../../schema/inventory/product-variants';
import type { UserData } from '../../data/db';
import { recordMovement } from './stock';
import { Button } from '../../ui/button';
import { FormActions, FormFailure } from '../../ui/form-actions';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as s from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import * as inv from './inventory.css';
import { newVariantOf, variantDraft, variantDraftOf, type VariantFields } from './product-model';
import { useOnHand, useProducts } from './use-inventory';

/**
 * A product's variants on its edit screen: each option with its price, SKU and stock on this device,
 * "Add variant" (a product of its own in the group, with its opening stock through the ledger),
 * and edit or remove. Every change is written on the device at once and syncs like any product.
 */
export function VariantsSection({ data, main, currency }: { data: UserData; main: Product; currency: string }) {
  const products = useProducts(data, main.workspace_id);
  const onHand = useOnHand(data, main.workspace_id);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const current = products?.find((p) => p.id === main.id) ?? main;
  const variants = (products ?? []).filter((p) => p.variant_of === main.id);
  const money = (cents: number | undefined) => (cents === undefined ? 'No price' : formatCents(cents, currency));

  async function remove(v: Product) {
    const doc = await data.db.products.findOne(v.id).exec();
    if (doc) await doc.remove();
    setRemoving(null);
    toast({ title: 'Variant removed', description: productTitle(v) });
  }

  return (
    <section aria-labelledby="variants-title" className={`${s.stack} ${inv.variantsSection}`} data-testid="variants-section">
      <div>
        <h3 id="variants-title" className={s.sectionTitle}>
          Variants
        </h3>
        <p className={s.muted}>
          Sizes, colours and other options, each with its own price, SKU, barcode and stock. Buyers pick one on the product page; the till
          lists each. Saved as you add or change them.
        </p>
      </div>
      {variants.length > 0 ? (
        <ul className={s.list} aria-label="Variants">
          <li className={s.listItem} aria-label={productTitle(current)}>
            <div className={s.itemMain}>
              <p className={s.itemName}>
                {current.variant_name ? `${current.variant_name} ` : null}
                <span className={s.badge.neutral}>This product</span>
              </p>
              <p className={inv.meta}>
                <span>{money(current.price_cents)}</span>
                <span>SKU: {current.sku ?? '—'}</span>
                <span>On hand: {current.track_inventory === false ? 'Not tracked' : (onHand.get(current.id) ?? 0)}</span>
              </p>
            </div>
          </li>
          {variants.map((v) => (
            <li key={v.id} className={s.listItem} aria-label={productTitle(v)} data-testid="variant-row">
              {editing !== 'new' && editing?.id === v.id ? (
                <div className={s.itemWide}>
                  <VariantForm data={data} main={current} variant={v} onDone={() => setEditing(null)} />
                </div>
              ) : (
                <>
                  <div className={s.itemMain}>
                    <p className={s.itemName}>{v.variant_name}</p>
                    <p className={inv.meta}>
                      <span>{money(v.price_cents)}</span>
                      <span>SKU: {v.sku ?? '—'}</span>
                      <span>On hand: {v.track_inventory === false ? 'Not tracked' : (onHand.get(v.id) ?? 0)}</span>
                    </p>
                  </div>
                  {removing === v.id ? (
                    <div className={s.actionRow} role="group" aria-label={`Remove ${v.variant_name ?? 'variant'}?`}>
                      <span>Remove {v.variant_name}?</span>
                      <Button variant="danger" onPress={() => void remove(v)}>
                        Remove
                      </Button>
                      <Button variant="secondary" onPress={() => setRemoving(null)}>
                        Keep
                      </Button>
                    </div>
                  ) : (
                    <div className={inv.actions}>
                      <Button variant="secondary" onPress={() => setEditing(v)} aria-label={`Edit variant ${v.variant_name ?? ''}`}>
                        Edit
                      </Button>
                      <Button variant="secondary" onPress={() => setRemoving(v.id)} aria-label={`Remove variant ${v.variant_name ?? ''}`}>
                        Remove
                      </Button>
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {editing === 'new' ? (
        <VariantForm data={data} main={current} variant={null} onDone={() => setEditing(null)} />
      ) : (
        <div>
          <Button variant="secondary" onPress={() => setEditing('new')}>
            Add variant
          </Button>
        </div>
      )}
    </section>
  );
}

/** Adds a variant to `main`'s group, or changes one (`variant`). */
function VariantForm({ data, main, variant, onDone }: { data: UserData; main: Product; variant: Product | null; onDone: () => void }) {
  const needsMainOption = variant === null && !main.variant_name;
  const form = useZodForm(variantDraft(needsMainOption), variantDraftOf(variant));
  const field = (key: Parameters<typeof form.field>[0]) => ({ ...form.field(key), name: key });

  const submit = form.handleSubmit(async (fields: VariantFields) => {
    const updated_at = new Date().toISOString();
    if (variant) {
      const doc = await data.db.products.findOne(variant.id).exec();
      if (!doc) throw new Error('This variant was deleted on another device');
      await doc.incrementalModify((old) => {
        const next: Product = { ...old, variant_name: fields.variant_name, updated_at };
        for (const key of ['price_cents', 'sku', 'barcode'] as const) {
          if (fields[key] === undefined) delete next[key];
        }
        if (fields.price_cents !== undefined) next.price_cents = fields.price_cents;
        if (fields.sku !== undefined) next.sku = fields.sku;
        if (fields.barcode !== undefined) next.barcode = fields.barcode;
        return next;
      });
      onDone();
      return;
    }
    if (fields.main_option !== undefined) {
      const option = fields.main_option;
      const doc = await data.db.products.findOne(main.id).exec();
      if (!doc) throw new Error('This product was deleted on another device');
      await doc.incrementalModify((old) => ({ ...old, variant_name: option, updated_at }));
    }
    const id = crypto.randomUUID();
    await data.db.products.insert(newVariantOf(main, fields, id, updated_at));
    if (fields.opening > 0) {
      await recordMovement(data.db, {
        product_id: id,
        workspace_id: main.workspace_id,
        quantity: fields.opening,
        reason: 'purchase',
        note: 'Opening stock',
      });
    }
    onDone();
  });

  return (
    <form className={s.dialogBody} onSubmit={submit} noValidate aria-label={variant ? 'Edit variant' : 'New variant'}>
      {needsMainOption ? (
        <TextField
          label="This product's option"
          {...field('main_option')}
          description="What the product you are editing is, e.g. Red / M"
          isRequired
        />
      ) : null}
      <TextField label="Option" {...field('variant_name')} description="e.g. Red / L or 500 ml" isRequired autoFocus={!needsMainOption} />
      <div className={s.pairGrid}>
        <TextField label="Variant price" {...field('price_cents')} inputMode="decimal" placeholder="0.00" />
        <TextField label="Variant SKU" {...field('sku')} />
        <TextField label="Variant barcode" {...field('barcode')} />
        {variant ? null : <TextField label="Opening stock" {...field('opening')} inputMode="numeric" placeholder="0" />}
      </div>
      <FormFailure lead="Could not save the variant" message={form.failure} />
      <FormActions submitLabel={variant ? 'Save variant' : 'Add variant'} pending={form.submitting} onCancel={onDone} />
    </form>
  );
}
