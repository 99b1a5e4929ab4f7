import type { ReactNode } from 'react';
import type { UserData } from '../data/db';
import { Notice } from '../ui/feedback';
import * as s from '../ui/page.css';
import { PageSpinner, Spinner } from '../ui/spinner';
import { useUserData, useUserDataStore } from './user-data';

/**
 * Renders its child once the device database is open (the screens that read it work offline):
 * a spinner while it opens, the reason when it could not open. `opening` names what is loading;
 * `inline` keeps the spinner small under a page header instead of centring it on the page.
 */
export function DeviceDataGate({
  children,
  opening = "Opening this device's data...",
  inline = false,
}: {
  children: (data: UserData) => ReactNode;
  opening?: string;
  inline?: boolean;
}) {
  const data = useUserData();
  const openError = useUserDataStore((st) => st.error);
  if (data) return <>{children(data)}</>;
  if (openError) {
    return (
      <Notice tone="error" title="This device's data could not be opened">
        <p className={s.muted}>{openError}</p>
      </Notice>
    );
  }
  return inline ? <Spinner label={opening} /> : <PageSpinner label={opening} />;
}
