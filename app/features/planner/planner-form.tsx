import { FormActions, FormFailure } from '../../ui/form-actions';
import { Checkbox } from '../../ui/checkbox';
import { TextField } from '../../ui/text-field';
import { DateField, TimeField } from '../../ui/date-fields';
import { ColorSwatchPicker } from '../../ui/color-swatch-picker';
import { SelectField } from '../../ui/form-controls';
import * as w from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { moveDraft, plannerDraft, typeOptions, type PlannerDraft, type PlannerDraftErrors } from './planner-model';

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
  const form = useZodForm(plannerDraft, initial);
  const draft = form.values;
  const text = (key: Exclude<keyof PlannerDraft, 'done'>) => ({ ...form.field(key), name: key });
  // A type this form does not offer (an older or newer app wrote it) stays visible rather than lost.
  const options = typeOptions.some((o) => o.value === draft.type)
    ? typeOptions
    : [...typeOptions, { value: draft.type, label: draft.type }];

  const submit = form.handleChecked(onSubmit);

  return (
    <form onSubmit={submit} noValidate aria-label={formTitle} className={w.stack}>
      <FormFailure lead="The item could not be saved" message={form.failure} />
      <TextField label="Title" isRequired autoFocus {...text('title')} />
      <SelectField<string>
        label="Type"
        value={draft.type}
        options={options}
        error={form.errors.type}
        onChange={(v) => form.set('type', v)}
      />
      <div className={w.twoColumns}>
        <DateField
          label="Start date"
          isRequired
          value={draft.start_date}
          error={form.errors.start_date}
          name="start_date"
          onChange={(v) => {
            // Moving the start keeps the item's length: the end date moves with it.
            const moved = moveDraft(draft, v);
            form.set('start_date', moved.start_date);
            if (moved.end_date !== draft.end_date) form.set('end_date', moved.end_date);
          }}
        />
        <TimeField label="Start time" description="Leave empty for all day" {...text('start_time')} />
        <DateField label="End date" description="Leave empty for one day" {...text('end_date')} />
        <TimeField label="End time" {...text('end_time')} />
      </div>
      <ColorSwatchPicker label="Colour" value={draft.color} error={form.errors.color} onChange={(hex) => form.set('color', hex)} />
      <TextField label="Description" multiline {...text('description')} />
      {draft.type === 'deadline' ? (
        <Checkbox isSelected={draft.done} onChange={(done: boolean) => form.set('done', done)}>
          Done
        </Checkbox>
      ) : null}
      <FormActions submitLabel={submitLabel} pending={form.submitting} onCancel={onCancel} onDelete={onDelete} />
    </form>
  );
}
