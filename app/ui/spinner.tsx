import { centred, spinner } from './controls.css';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <div className={spinner} role="progressbar" aria-label={label} aria-busy="true" />;
}

/** The centred spinner a protected page shows while the user loads (spec §2). */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className={centred}>
      <Spinner label={label ?? 'Loading'} />
      {label ? <p>{label}</p> : null}
    </div>
  );
}
