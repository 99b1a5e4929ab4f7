import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/feedback';
import { SelectField } from '../../ui/form-controls';
import * as s from '../../ui/page.css';

export interface InsertFrameProps {
  /** The select's label: where the text goes. */
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  /** The button's words, "Insert into …". */
  action: string;
  isPending?: boolean;
  onInsert: () => void;
  /** Said once the text is in: the notice's title, and the sentence under it (with its test id). */
  saved: { title: string; testId: string; message: ReactNode } | null;
  failure: { title: string; detail?: ReactNode } | null;
  /** Anything said below the notices. */
  children?: ReactNode;
}

/** The frame both "Insert into …" pickers under the written text share: where to, the button, and how it went. */
export function InsertFrame({ label, value, options, onChange, action, isPending, onInsert, saved, failure, children }: InsertFrameProps) {
  return (
    <div className={s.stack}>
      <SelectField label={label} value={value} options={options} onChange={onChange} />
      <div className={s.formActions}>
        <Button variant="secondary" isPending={isPending} onPress={onInsert}>
          {action}
        </Button>
      </div>
      {saved ? (
        <Notice tone="info" title={saved.title}>
          <p className={s.muted} data-testid={saved.testId}>
            {saved.message}
          </p>
        </Notice>
      ) : null}
      {failure ? (
        <Notice tone="error" title={failure.title}>
          {failure.detail}
        </Notice>
      ) : null}
      {children}
    </div>
  );
}
