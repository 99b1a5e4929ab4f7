/** An invoice's page in its workspace, as the app routes it (a notification's or an e-mail's link). */
export const invoicePath = (workspaceId: number, invoiceId: string) =>
  `/workspace/${workspaceId}/invoices/${encodeURIComponent(invoiceId)}`;
