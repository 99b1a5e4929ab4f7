import { useId, type ReactNode } from 'react';
import { Checkbox, Switch } from 'react-aria-components';
import * as s from './page.css';

/**
 * Form controls app/ui does not have yet. The select is native: keyboard and screen-reader friendly
 * everywhere, and the phone's own picker on mobile. Options never have an empty value (spec §5).
 */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  error,
  hint,
  isDisabled,
  name,
  hideLabel,
}: {
  label: string;
  /** The label is still read out; hide it where the row already says whose select this is. */
  hideLabel?: boolean;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
  error?: string;
  hint?: string;
  isDisabled?: boolean;
  name?: string;
}) {
  const id = useId();
  return (
    <div className={s.fieldWrap}>
      <label htmlFor={id} className={hideLabel ? s.visuallyHidden : s.fieldLabel}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={s.select}
        value={value}
        disabled={isDisabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-msg` : undefined}
        onChange={(e) => {
          const picked = options.find((o) => o.value === e.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <span id={`${id}-msg`} className={s.fieldError}>
          {error}
        </span>
      ) : hint ? (
        <span id={`${id}-msg`} className={s.fieldHint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

export function CheckboxField({
  children,
  isSelected,
  onChange,
  isDisabled,
}: {
  children: ReactNode;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  isDisabled?: boolean;
}) {
  return (
    <Checkbox className={s.check} isSelected={isSelected} onChange={onChange} isDisabled={isDisabled}>
      <span className={s.box} aria-hidden="true">
        {isSelected ? '✓' : ''}
      </span>
      {children}
    </Checkbox>
  );
}

export function SwitchField({
  children,
  isSelected,
  onChange,
  isDisabled,
}: {
  children: ReactNode;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  isDisabled?: boolean;
}) {
  return (
    <Switch className={s.check} isSelected={isSelected} onChange={onChange} isDisabled={isDisabled}>
      <span className={s.switchTrack} aria-hidden="true">
        <span className={s.switchThumb} />
      </span>
      {children}
    </Switch>
  );
}
