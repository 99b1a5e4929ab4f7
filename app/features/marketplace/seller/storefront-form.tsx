import { useQueryClient } from '@tanstack/react-query';
import { marketplaceContract as c } from '../../../../schema/marketplace/contract';
import {
  checkoutField,
  checkoutFieldLabels,
  storefrontSettingsInput,
  type StorefrontSettingsDto,
} from '../../../../schema/marketplace/marketplace';
import { call } from '../../../data/api';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Notice } from '../../../ui/feedback';
import { CheckboxField, SelectField, SwitchField } from '../../../ui/form-controls';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast-store';
import * as p from '../../../ui/page.css';
import { useZodForm } from '../../../kit/forms/use-zod-form';
import { draftOf, inputOf, orderNumberHint, type StorefrontDraft } from './storefront-draft';
import { storefrontKey } from './storefront-key';

const gatewayOptions = [
  { value: 'eft', label: 'EFT (bank transfer)' },
  { value: 'paystack', label: 'Card (Paystack)' },
] as const;

/** spec §3 storefront_settings: delivery, tax, payment, order numbers, checkout, terms and returns. */
export function StorefrontForm({ workspaceId, dto, canEdit }: { workspaceId: number; dto: StorefrontSettingsDto; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const form = useZodForm<typeof storefrontSettingsInput, StorefrontDraft>(storefrontSettingsInput, draftOf(dto.settings), {
    toInput: inputOf,
  });
  const v = form.values;
  const setRate = (i: number, key: 'name' | 'price', value: string) =>
    form.update((d) => ({ ...d, rates: d.rates.map((r, j) => (j === i ? { ...r, [key]: value } : r)) }));

  const submit = form.handleSubmit(
    async (body) => {
      const saved = await call(c.saveSettings, { params: { id: workspaceId }, body });
      queryClient.setQueryData(storefrontKey(workspaceId), saved);
      toast({ title: 'Storefront saved', variant: 'success' });
    },
    // Featuring is chosen in the products list; the form sends what is saved.
    { extra: { featured_product_ids: dto.settings.featured_product_ids } },
  );

  return (
    <Card aria-labelledby="selling-title">
      <h2 className={p.sectionTitle} id="selling-title">
        How you sell
      </h2>
      <form className={p.stack} onSubmit={submit} noValidate>
        <fieldset className={p.stack} disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={p.fieldLabel}>Delivery</legend>
          <SwitchField isSelected={v.shipping_enabled} onChange={(on) => form.set('shipping_enabled', on)} isDisabled={!canEdit}>
            I deliver orders
          </SwitchField>
          {v.shipping_enabled ? (
            <>
              {v.rates.map((rate, i) => (
                <div key={i} className={p.twoColumns}>
                  <TextField
                    label={`Rate ${i + 1} name`}
                    value={rate.name}
                    onChange={(t) => setRate(i, 'name', t)}
                    error={form.errors[`shipping_rates.${i}.name`]}
                    placeholder="e.g. Courier, 2–4 days"
                  />
                  <div className={p.row} style={{ alignItems: 'flex-end' }}>
                    <div style={{ flex: 1 }}>
                      <TextField
                        label={`Rate ${i + 1} price (R)`}
                        value={rate.price}
                        onChange={(t) => setRate(i, 'price', t)}
                        error={form.errors[`shipping_rates.${i}.price_cents`]}
                        inputMode="decimal"
                        placeholder="0.00"
                      />
                    </div>
                    <Button variant="ghost" onPress={() => form.update((d) => ({ ...d, rates: d.rates.filter((_, j) => j !== i) }))}>
                      Remove<span className={p.visuallyHidden}> rate {i + 1}</span>
                    </Button>
                  </div>
                </div>
              ))}
              {form.errors.shipping_rates ? <p className={p.fieldError}>{form.errors.shipping_rates}</p> : null}
              <div>
                <Button variant="secondary" onPress={() => form.update((d) => ({ ...d, rates: [...d.rates, { name: '', price: '' }] }))}>
                  Add a delivery rate
                </Button>
              </div>
            </>
          ) : null}
        </fieldset>
        <div className={p.twoColumns}>
          <TextField
            label="Order number prefix"
            {...form.field('order_prefix')}
            isReadOnly={!canEdit}
            description={orderNumberHint(v.order_prefix)}
          />
        </div>
        <p className={`${p.muted} ${p.small}`} data-testid="storefront-vat-note">
          VAT at checkout follows your business settings: charged only when the business is VAT registered, and never added on top of prices
          that include it.
        </p>
        <SelectField
          label="How buyers pay"
          value={v.payment_gateway}
          options={gatewayOptions}
          onChange={(g) => form.set('payment_gateway', g)}
          isDisabled={!canEdit}
        />
        <fieldset className={p.stack} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={p.fieldLabel}>At checkout, also ask for</legend>
          {checkoutField.options.map((code) => (
            <CheckboxField
              key={code}
              isSelected={v.checkout_fields.includes(code)}
              isDisabled={!canEdit}
              onChange={(on) =>
                form.update((d) => ({
                  ...d,
                  checkout_fields: on ? [...d.checkout_fields, code] : d.checkout_fields.filter((f) => f !== code),
                }))
              }
            >
              {checkoutFieldLabels[code]}
            </CheckboxField>
          ))}
        </fieldset>
        <CheckboxField
          isSelected={v.order_confirmation_email}
          onChange={(on) => form.set('order_confirmation_email', on)}
          isDisabled={!canEdit}
        >
          E-mail buyers an order confirmation
        </CheckboxField>
        <CheckboxField isSelected={v.auto_fulfill_digital} onChange={(on) => form.set('auto_fulfill_digital', on)} isDisabled={!canEdit}>
          Mark digital products fulfilled as soon as they are paid
        </CheckboxField>
        <TextField label="Terms of sale" multiline {...form.field('terms')} isReadOnly={!canEdit} />
        <TextField label="Return policy" multiline {...form.field('return_policy')} isReadOnly={!canEdit} />
        {form.failure ? (
          <Notice tone="error" title="Could not save">
            <p className={p.muted}>{form.failure}</p>
          </Notice>
        ) : null}
        {canEdit ? (
          <div className={p.formActions}>
            <Button type="submit" isPending={form.submitting}>
              Save storefront
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
