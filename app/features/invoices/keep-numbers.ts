import { useEffect } from 'react';
import { useOnline } from '../pwa/online';
import { useUserData } from '../sync/user-data';

/**
 * For the workspace shell: whenever a workspace page is open online, reserve invoice and quote
 * numbers ahead, so the device can number documents later with no signal. The numbering code is
 * loaded lazily; the shell carries only this hook.
 */
export function useKeepDocumentNumbers(workspaceId: number) {
  const data = useUserData();
  const online = useOnline();
  useEffect(() => {
    if (!data || !online) return;
    void import('./numbering').then((m) => m.topUpAndAssign(data, workspaceId)).catch(() => undefined);
  }, [data, workspaceId, online]);
}
