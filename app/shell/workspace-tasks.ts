import { useEffect } from 'react';
import { installedModules } from '../kit/installed-modules';
import { useOnline } from '../kit/online';
import { useUserData } from '../kit/user-data';

/**
 * For the workspace shell: whenever a workspace page is open online, run each module's
 * `workspaceTasks` (the invoices and the till reserve document and receipt numbers ahead, so the
 * device can number documents and sales later with no signal, and number what it saved without
 * one). The tasks' code is loaded lazily; the shell carries only this hook.
 */
export function useWorkspaceTasks(workspaceId: number) {
  const data = useUserData();
  const online = useOnline();
  useEffect(() => {
    if (!data || !online) return;
    for (const task of installedModules().flatMap((m) => m.workspaceTasks ?? [])) {
      void task()
        .then((run) => run(data, workspaceId))
        .catch(() => undefined);
    }
  }, [data, workspaceId, online]);
}
