import { z } from 'zod';

/** The /settings tabs; `?tab=subscription` is where "Unlock All Features" and upgrade hints point. */
export const settingsTab = z.enum(['account', 'appearance', 'subscription']);
export type SettingsTab = z.infer<typeof settingsTab>;
