/** The query key of a workspace's storefront settings (GET /api/workspaces/{id}/storefront). */
export const storefrontKey = (workspaceId: number) => ['storefront-settings', workspaceId] as const;
