import { z } from 'zod';

/** The /settings tabs; `?tab=subscription` is where "Unlock All Features" and upgrade hints point. */
export const settingsTab = z.enum(['account', 'appearance', 'data', 'subscription']);
export type SettingsTab = z.infer<typeof settingsTab>;

/** `/settings` search: an unknown tab falls back to the default rather than failing the page. */
export const settingsSearch = z.object({
  tab: settingsTab.optional().catch(undefined),
  /** Set by the card provider's return to ?tab=subscription after checkout. */
  reference: z.string().max(100).optional().catch(undefined),
});
