/** The always-visible sync status (online/offline, waiting changes, last synced). Built by the sync UI work. */
export function SyncStatusIndicator(_props: { workspaceId?: number }) {
  return null;
}
