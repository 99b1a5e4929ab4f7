import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { z } from 'zod';
import {
  classifiedCategories,
  classifiedCategoryLabels,
  classifiedCreate,
  classifiedMessages,
  classifiedRunDays,
  MAX_CLASSIFIED_PHOTOS,
  type ClassifiedDto,
} from '../../../schema/classifieds/classifieds';
import { centsToInput } from '../../../schema/kit/money';
import { Button } from '../../ui/button';
import { FormFailure } from '../../ui/form-actions';
import { CheckboxField, SelectField } from '../../ui/form-controls';
import { TextField } from '../../ui/text-field';
import * as w from '../../ui/page.css';
import { pictureUrl, uploadPicture } from '../../kit/pictures/pictures';
import { moneyField } from '../../kit/forms/money-field';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { useWorkspaceDates } from '../../kit/date-format';
import * as s from './classifieds.css';
import { pictureRemove } from '../../ui/controls.css';

type CategoryChoice = (typeof classifiedCategories)[number] | 'none';
type RunChoice = '7' | '14' | '30' | '60';

const categoryOptions: ReadonlyArray<{ value: CategoryChoice; label: string }> = [
  { value: 'none', label: 'Choose a category…' },
  ...classifiedCategories.map((c) => ({ value: c, label: classifiedCategoryLabels[c] })),
];
const runOptions = classifiedRunDays.map((d) => ({ value: String(d) as RunChoice, label: `${d} days` }));

/** The form's own reading of its fields: the price typed as text, the category picked (or not). */
const listingForm = z.object({
  title: classifiedCreate.shape.title,
  description: classifiedCreate.shape.description,
  category: z.enum(classifiedCategories, { error: classifiedMessages.category }),
  price_cents: moneyField('Price').transform((v) => v ?? null),
  area: classifiedCreate.shape.area,
  run_days: z.coerce.number().pipe(z.literal(classifiedRunDays, { error: 'An ad runs for 7, 14, 30 or 60 days' })),
  allow_appointments: z.boolean(),
  images: z.array(z.string()).max(MAX_CLASSIFIED_PHOTOS, classifiedMessages.photos),
});
export type ListingFormOutput = z.output<typeof listingForm>;

type Values = {
  title: string;
  description: string;
  category: CategoryChoice;
  price_cents: string;
  area: string;
  run_days: RunChoice;
  allow_appointments: boolean;
  images: string[];
};

function initialValues(listing?: ClassifiedDto): Values {
  return {
    title: listing?.title ?? '',
    description: listing?.description ?? '',
    category: listing?.category ?? 'none',
    price_cents: listing?.price_cents === null || listing?.price_cents === undefined ? '' : centsToInput(listing.price_cents),
    area: listing?.area ?? '',
    run_days: '30',
    allow_appointments: listing?.allow_appointments ?? false,
    images: listing?.images ?? [],
  };
}

/**
 * A listing's fields (spec §3: title, description, category (required), price, images, expiry,
 * allow_appointments). New: "Save draft" or "Publish"; an existing one: "Save changes".
 */
export function ListingForm({
  workspaceId,
  listing,
  onSave,
  onCancel,
}: {
  workspaceId: number;
  listing?: ClassifiedDto;
  onSave: (data: ListingFormOutput, status: 'draft' | 'published' | null) => Promise<unknown>;
  onCancel: () => void;
}) {
  const dates = useWorkspaceDates();
  const form = useZodForm(listingForm, initialValues(listing));
  const [uploading, setUploading] = useState(0);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [intent, setIntent] = useState<'draft' | 'published' | null>(null);

  async function addPhotos(files: FileList | null) {
    if (!files) return;
    setPhotoError(null);
    const room = MAX_CLASSIFIED_PHOTOS - form.values.images.length;
    const picked = Array.from(files).slice(0, Math.max(0, room));
    if (files.length > room) setPhotoError(classifiedMessages.photos);
    for (const file of picked) {
      setUploading((n) => n + 1);
      try {
        // Shrunk and recompressed on the device before it goes up (the drive's pictures).
        const id = await uploadPicture(workspaceId, file, 'classified');
        form.update((v) => ({ ...v, images: [...v.images, id] }));
      } catch (err) {
        setPhotoError(err instanceof Error ? err.message : String(err));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  const submitAs = (status: 'draft' | 'published' | null) =>
    form.handleSubmit(async (data) => {
      setIntent(status);
      await onSave(data, status);
    });

  const isNew = listing === undefined;
  const busy = form.submitting || uploading > 0;
  return (
    <form className={w.stack} onSubmit={submitAs(isNew ? 'published' : null)} noValidate aria-label={isNew ? 'New ad' : 'Edit ad'}>
      <FormFailure lead="The ad could not be saved" message={form.failure} />
      <TextField label="Title" isRequired autoFocus {...form.field('title')} />
      <TextField label="Description" multiline {...form.field('description')} />
      <div className={w.twoColumns}>
        <SelectField<CategoryChoice>
          label="Category"
          value={form.values.category}
          options={categoryOptions}
          onChange={(v) => form.set('category', v)}
          error={form.errors.category}
        />
        <TextField label="Price (R)" inputMode="decimal" description="Leave empty for “make an offer”" {...form.field('price_cents')} />
      </div>
      <div className={w.twoColumns}>
        <TextField label="Area" description="Suburb or town, e.g. Soweto, Johannesburg" {...form.field('area')} />
        {isNew ? (
          <SelectField<RunChoice>
            label="Runs for"
            value={form.values.run_days}
            options={runOptions}
            onChange={(v) => form.set('run_days', v)}
          />
        ) : (
          <p className={w.muted}>Expires {dates.date(listing.expires_at)}</p>
        )}
      </div>
      <div className={w.fieldWrap} role="group" aria-labelledby="ad-photos-label">
        <span id="ad-photos-label" className={w.fieldLabel}>
          Photos ({form.values.images.length} of {MAX_CLASSIFIED_PHOTOS})
        </span>
        <div className={s.photos}>
          {form.values.images.map((id, i) => (
            <div key={id} className={s.thumb}>
              <img className={s.thumbImage} src={pictureUrl(workspaceId, id, 96)} alt={`Photo ${i + 1}`} width={96} height={96} />
              <button
                type="button"
                className={pictureRemove}
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => form.update((v) => ({ ...v, images: v.images.filter((x) => x !== id) }))}
              >
                ×
              </button>
            </div>
          ))}
          {form.values.images.length < MAX_CLASSIFIED_PHOTOS ? (
            <FileTrigger acceptedFileTypes={['image/*']} allowsMultiple defaultCamera="environment" onSelect={(l) => void addPhotos(l)}>
              <Button variant="secondary" isPending={uploading > 0}>
                Add photos
              </Button>
            </FileTrigger>
          ) : null}
        </div>
        {uploading > 0 ? (
          <p className={w.fieldHint} role="status">
            Uploading {uploading === 1 ? 'a photo' : `${uploading} photos`}…
          </p>
        ) : null}
        {photoError || form.errors.images ? (
          <p className={w.fieldError} role="alert">
            {photoError ?? form.errors.images}
          </p>
        ) : null}
      </div>
      <CheckboxField isSelected={form.values.allow_appointments} onChange={(v) => form.set('allow_appointments', v)}>
        Buyers may ask for a viewing time
      </CheckboxField>
      <div className={w.formActions}>
        <Button variant="secondary" onPress={onCancel} isDisabled={form.submitting}>
          Cancel
        </Button>
        {isNew ? (
          <>
            <Button
              variant="secondary"
              onPress={() => submitAs('draft')()}
              isDisabled={busy}
              isPending={form.submitting && intent === 'draft'}
            >
              Save draft
            </Button>
            <Button type="submit" isDisabled={busy} isPending={form.submitting && intent === 'published'}>
              Publish
            </Button>
          </>
        ) : (
          <Button type="submit" isDisabled={busy} isPending={form.submitting}>
            Save changes
          </Button>
        )}
      </div>
    </form>
  );
}
