import { z } from 'zod';
import { countries, countryOptions, formatRate, isCountryCode, OTHER_COUNTRY, percentToBp } from '../../../schema/kit/countries';
import { settingsFields, type WorkspaceSettings } from '../../../schema/workspaces/workspaces';
import { SelectField, SwitchField } from '../../ui/form-controls';
import { TextField } from '../../ui/text-field';
import { SettingsCard } from '../../ui/settings-card';
import * as s from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { bpToPercent } from '../../kit/format';
import { orNull, useUpdateSettings } from '../../kit/use-update-settings';
import { isVatRegistered, vatNumberProblem } from '../../../schema/kit/vat';

/** What the Business section saves: where the business trades, its VAT and the numbers it prints (DESIGN.md §14). */
const businessSettings = z
  .object({
    country: settingsFields.country,
    vat_registered: z.boolean(),
    vat_rate_bp: settingsFields.vat_rate_bp,
    prices_include_vat: settingsFields.prices_include_vat,
    vat_number: settingsFields.vat_number,
    company_registration_number: settingsFields.company_registration_number,
    address: settingsFields.address,
  })
  // The one VAT rule (schema/kit/vat.ts): a registered business gives its VAT number, as the server checks too.
  .superRefine((v, ctx) => {
    const problem = vatNumberProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', path: ['vat_number'], message: problem });
  });

/** Country, VAT rate, whether prices include VAT, VAT and company registration numbers, the business address. */
export function BusinessSection({
  workspaceId,
  settings,
  canEdit,
}: {
  workspaceId: number;
  settings: WorkspaceSettings;
  canEdit: boolean;
}) {
  const update = useUpdateSettings(workspaceId);
  const form = useZodForm(
    businessSettings,
    {
      country: settings.country ?? OTHER_COUNTRY,
      vat_registered: isVatRegistered(settings),
      vat_rate_bp: bpToPercent(settings.vat_rate_bp),
      prices_include_vat: settings.prices_include_vat,
      vat_number: settings.vat_number ?? '',
      company_registration_number: settings.company_registration_number ?? '',
      address: settings.address ?? '',
    },
    {
      toInput: (v) => ({
        country: v.country === OTHER_COUNTRY ? null : v.country,
        vat_registered: v.vat_registered,
        vat_rate_bp: percentToBp(v.vat_rate_bp),
        prices_include_vat: v.prices_include_vat,
        vat_number: orNull(v.vat_number),
        company_registration_number: orNull(v.company_registration_number),
        address: orNull(v.address),
      }),
    },
  );
  const submit = form.handleSubmit((body) => update.mutateAsync(body));

  // Choosing a country fills in its VAT facts; saving is still the person's decision.
  function chooseCountry(code: string) {
    form.set('country', code);
    if (!isCountryCode(code)) return;
    form.set('vat_rate_bp', bpToPercent(countries[code].vat_rate_bp));
    form.set('prices_include_vat', countries[code].prices_include_vat);
  }

  const country = isCountryCode(form.values.country) ? countries[form.values.country] : null;
  const southAfrican = form.values.country === 'ZA';
  const ro = !canEdit;
  return (
    <SettingsCard
      id="business-title"
      title="Business and tax"
      onSubmit={submit}
      canEdit={canEdit}
      saveLabel="Save business details"
      saving={form.submitting}
    >
      <SwitchField isSelected={form.values.vat_registered} onChange={(on) => form.set('vat_registered', on)} isDisabled={ro}>
        VAT registered
      </SwitchField>
      <p className={`${s.muted} ${s.small}`} data-testid="vat-registered-note">
        {form.values.vat_registered
          ? 'The till, invoices and marketplace orders (tickets too) charge VAT, and your invoices are tax invoices.'
          : 'No VAT is charged anywhere and your invoices say "Invoice". Switch this on once the business is registered for VAT.'}
      </p>
      <div className={s.twoColumns}>
        <SelectField
          label="Country"
          name="country"
          value={form.values.country}
          options={countryOptions}
          onChange={chooseCountry}
          error={form.errors.country}
          hint={country ? `Standard VAT in ${country.name}: ${formatRate(country.vat_rate_bp)}` : undefined}
          isDisabled={ro}
        />
        <TextField
          label="VAT rate (%)"
          name="vat_rate_bp"
          inputMode="decimal"
          {...form.field('vat_rate_bp')}
          description={
            form.values.vat_registered ? 'New invoice lines and products without their own rate use it' : 'Charged only once VAT registered'
          }
          isReadOnly={ro}
        />
        <TextField
          label="VAT number"
          name="vat_number"
          {...form.field('vat_number')}
          description={
            southAfrican ? 'Your SARS VAT number (10 digits, starting with 4), printed on tax invoices' : 'Printed on tax invoices'
          }
          isReadOnly={ro}
        />
        <TextField
          label="Company registration number"
          name="company_registration_number"
          {...form.field('company_registration_number')}
          description={southAfrican ? 'CIPC number, for example 2019/123456/07' : undefined}
          isReadOnly={ro}
        />
      </div>
      <TextField
        label="Business address"
        name="address"
        multiline
        {...form.field('address')}
        description="Printed under your name on invoices and quotes; a tax invoice must show it"
        isReadOnly={ro}
      />
      <SwitchField isSelected={form.values.prices_include_vat} onChange={(on) => form.set('prices_include_vat', on)} isDisabled={ro}>
        Prices include VAT
      </SwitchField>
      <p className={`${s.muted} ${s.small}`}>
        {form.values.prices_include_vat
          ? 'Till prices and new invoice and quote lines already hold VAT.'
          : 'VAT is added on top of till prices and new invoice and quote lines.'}{' '}
        Sales and documents already written keep their own totals.
      </p>
    </SettingsCard>
  );
}
