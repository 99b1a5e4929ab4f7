import { Button } from './button';
import * as s from './page.css';

/**
 * The end of every edit form: an optional Delete on the left of Cancel, then the submit button,
 * which shows busy (and blocks a second press) while the save runs.
 */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
  onDelete,
  deleteLabel = 'Delete',
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  onDelete?: () => void;
  deleteLabel?: string;
}) {
  return (
    <div className={s.formActions}>
      {onDelete ? (
        <Button variant="ghost" onPress={onDelete} isDisabled={pending}>
          {deleteLabel}
        </Button>
      ) : null}
      <Button variant="secondary" onPress={onCancel} isDisabled={pending}>
        Cancel
      </Button>
      <Button type="submit" isPending={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** Why a save failed (not a field's fault): read out at once, and where focus goes after the refusal. */
export function FormFailure({ lead, message }: { lead: string; message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" tabIndex={-1} className={s.fieldError}>
      {lead}: {message}
    </p>
  );
}
