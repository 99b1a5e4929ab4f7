import { useState, type FormEvent } from 'react';
import type { PlannerItem } from '../../../schema/planner';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { TextField } from '../../ui/text-field';
import { SelectField } from '../../ui/form-controls';
import * as w from '../../ui/page.css';
import * as p from './planner.css';
import { moveDraft, typeOptions, type PlannerDraft, type PlannerDraftErrors } from './planner-model';

/** New and edit planner item form. The caller validates (the shared schema); errors come back per field. */
export function PlannerForm({
  formTitle,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  onDelete,
}: {
  formTitle: string;
  initial: PlannerDraft;
  submitLabel: string;
  onSubmit: (draft: PlannerDraft) => Promise<PlannerDraftErrors | null>;
  onCancel: () => void;
  onDelete?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<PlannerDraftErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const text = (key: Exclude<keyof PlannerDraft, 'done'>) => ({
    value: draft[key],
    onChange: (value: string) => setDraft((d) => ({ ...d, [key]: value })),
    error: errors[key],
    name: key,
  });
  // A type this form does not offer (an older or newer app wrote it) stays visible rather than lost.
  const options = typeOptions.some((o) => o.value === draft.type)
    ? typeOptions
    : [...typeOptions, { value: draft.type, label: draft.type }];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      setErrors((await onSubmit(draft)) ?? {});
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={formTitle} className={w.stack}>
      {failure ? (
        <p role="alert" className={w.fieldError}>
          The item could not be saved: {failure}
        </p>
      ) : null}
      <TextField label="Title" isRequired autoFocus {...text('title')} />
      <SelectField<string>
        label="Type"
        value={draft.type}
        options={options}
        error={errors.type}
        onChange={(v) => setDraft((d) => ({ ...d, type: v }))}
      />
      <div className={w.twoColumns}>
        <TextField
          label="Start date"
          type="date"
          isRequired
          value={draft.start_date}
          error={errors.start_date}
          name="start_date"
          onChange={(v) => setDraft((d) => moveDraft(d, v))}
        />
        <TextField label="Start time" type="time" description="Leave empty for all day" {...text('start_time')} />
        <TextField label="End date" type="date" description="Leave empty for one day" {...text('end_date')} />
        <TextField label="End time" type="time" {...text('end_time')} />
      </div>
      <div className={p.colorRow}>
        <TextField label="Colour" description="A hex colour, e.g. #FFD700" {...text('color')} />
        <span
          className={p.swatch}
          style={{ background: /^#[0-9A-Fa-f]{6}$/.test(draft.color) ? draft.color : 'transparent', marginBottom: '30px' }}
          aria-hidden="true"
        />
      </div>
      <TextField label="Description" multiline {...text('description')} />
      {draft.type === 'deadline' ? (
        <Checkbox isSelected={draft.done} onChange={(done: boolean) => setDraft((d) => ({ ...d, done }))}>
          Done
        </Checkbox>
      ) : null}
      <div className={w.formActions}>
        {onDelete ? (
          <Button variant="ghost" onPress={onDelete} isDisabled={saving}>
            Delete
          </Button>
        ) : null}
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
