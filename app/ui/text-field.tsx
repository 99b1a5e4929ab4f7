import { FieldError, Input, Label, Text, TextArea, TextField as AriaTextField, type TextFieldProps } from 'react-aria-components';
import * as s from './controls.css';

export interface VukaTextFieldProps extends Omit<TextFieldProps, 'className' | 'children'> {
  label: string;
  description?: string;
  /** The message to show; also marks the field invalid. */
  error?: string;
  multiline?: boolean;
  placeholder?: string;
}

/**
 * Label, input and error message wired together for screen readers. Validation is ours (the shared
 * zod schemas), so the browser's own constraint messages are switched off.
 */
export function TextField({ label, description, error, multiline, placeholder, ...props }: VukaTextFieldProps) {
  return (
    <AriaTextField validationBehavior="aria" {...props} isInvalid={Boolean(error) || props.isInvalid} className={s.field}>
      <Label className={s.label}>{label}</Label>
      {multiline ? <TextArea className={s.textarea} placeholder={placeholder} /> : <Input className={s.input} placeholder={placeholder} />}
      {description && !error ? (
        <Text slot="description" className={s.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={s.error}>{error}</FieldError>
    </AriaTextField>
  );
}
