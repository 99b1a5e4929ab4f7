import { useEffect } from 'react';
import { useOnline } from '../../shell/pwa/online';
import { useUserData } from '../../shell/sync/user-data';

/**
 * For the workspace shell: whenever a workspace page is open online, reserve invoice, quote and
 * receipt numbers ahead, so the device can number documents and till sales later with no signal
 * (and number what it saved without one). The numbering code is loaded lazily; the shell carries
 * only this hook.
 */
export function useKeepDocumentNumbers(workspaceId: number) {
  const data = useUserData();
  const online = useOnline();
  useEffect(() => {
    if (!data || !online) return;
    void import('./numbering').then((m) => m.topUpAndAssign(data, workspaceId)).catch(() => undefined);
    void import('../pos/till').then((m) => m.keepReceiptNumbers(data, workspaceId)).catch(() => undefined);
  }, [data, workspaceId, online]);
}
