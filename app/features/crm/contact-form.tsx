import { FormActions, FormFailure } from '../../ui/form-actions';
import { TextField } from '../../ui/text-field';
import { SelectField } from '../../ui/form-controls';
import * as w from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { contactDraft, type ContactDraft, type DraftErrors } from './contact-model';

const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** New and edit contact form. Validation is the caller's (the shared schema); errors come back per field. */
export function ContactForm({
  title,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: ContactDraft;
  submitLabel: string;
  onSubmit: (draft: ContactDraft) => Promise<DraftErrors | null>;
  onCancel: () => void;
}) {
  const form = useZodForm(contactDraft, initial);
  const draft = form.values;
  const saving = form.submitting;
  const field = (key: keyof ContactDraft) => ({ ...form.field(key), name: key });
  // A status this form does not offer (set elsewhere) stays selectable rather than being lost.
  const options = statusOptions.some((o) => o.value === draft.status)
    ? statusOptions
    : [...statusOptions, { value: draft.status, label: draft.status }];

  const submit = form.handleChecked(onSubmit);

  return (
    <form onSubmit={submit} noValidate aria-labelledby="contact-form-title" className={w.stack}>
      <h2 id="contact-form-title" className={w.sectionTitle}>
        {title}
      </h2>
      <FormFailure lead="The contact could not be saved" message={form.failure} />
      <TextField label="Name" isRequired autoFocus {...field('name')} />
      <div className={w.twoColumns}>
        <TextField label="Email" type="email" {...field('email')} />
        <TextField label="Phone" type="tel" {...field('phone')} />
        <TextField label="Company" {...field('company')} />
        <TextField label="Title" {...field('title')} />
        <TextField label="Source" description="Where they came from, e.g. Referral" {...field('source')} />
        <TextField label="Stage" description="e.g. Lead, Customer" {...field('stage')} />
      </div>
      <TextField label="Tags" description="Separate tags with commas" {...field('tags')} />
      <SelectField label="Status" value={draft.status} options={options} onChange={(v) => form.set('status', v)} />
      <TextField label="Address" multiline {...field('address')} />
      <TextField label="Notes" multiline {...field('notes')} />
      <FormActions submitLabel={submitLabel} pending={saving} onCancel={onCancel} />
    </form>
  );
}
