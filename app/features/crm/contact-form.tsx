import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { SelectField } from '../../ui/form-controls';
import * as w from '../../ui/page.css';
import type { ContactDraft, DraftErrors } from './contact-model';

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
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const field = (key: keyof ContactDraft) => ({
    value: draft[key],
    onChange: (value: string) => setDraft((d) => ({ ...d, [key]: value })),
    error: errors[key],
    name: key,
  });
  // A status this form does not offer (set elsewhere) stays selectable rather than being lost.
  const options = statusOptions.some((o) => o.value === draft.status)
    ? statusOptions
    : [...statusOptions, { value: draft.status, label: draft.status }];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      const result = await onSubmit(draft);
      setErrors(result ?? {});
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="contact-form-title" className={w.stack}>
      <h2 id="contact-form-title" className={w.sectionTitle}>
        {title}
      </h2>
      {failure ? (
        <p role="alert" className={w.fieldError}>
          The contact could not be saved: {failure}
        </p>
      ) : null}
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
      <SelectField label="Status" value={draft.status} options={options} onChange={(v) => setDraft((d) => ({ ...d, status: v }))} />
      <TextField label="Address" multiline {...field('address')} />
      <TextField label="Notes" multiline {...field('notes')} />
      <div className={w.formActions}>
        <Button variant="secondary" onPress={onCancel} isDisabled={saving}>
          Cancel
        </Button>
        <Button type="submit" isPending={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
