import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps } from 'react-aria-components';
import { error as errorClass } from './controls.css';
import * as s from './widgets.css';

/** A checkbox with its label and, when invalid, the message under it. */
export function Checkbox({
  children,
  error,
  ...props
}: Omit<CheckboxProps, 'children' | 'className'> & { children: ReactNode; error?: string }) {
  return (
    <div>
      <AriaCheckbox validationBehavior="aria" {...props} isInvalid={Boolean(error)} className={s.checkbox}>
        {({ isSelected }) => (
          <>
            <span className={s.checkboxBox} aria-hidden="true">
              {isSelected ? '✓' : ''}
            </span>
            <span>{children}</span>
          </>
        )}
      </AriaCheckbox>
      {error ? (
        <p className={errorClass} role="alert" style={{ margin: '4px 0 0 28px' }}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
