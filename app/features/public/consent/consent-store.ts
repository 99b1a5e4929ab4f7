import { z } from 'zod';
import { create } from 'zustand';
import { localSetting } from '../local-setting';

/** What the visitor agreed to (spec §4 "Cookie consent"). Necessary cookies are always on. */
export const consentChoice = z.object({
  necessary: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
  decidedAt: z.string(),
});
export type ConsentChoice = z.infer<typeof consentChoice>;

export const consentSetting = localSetting('cookie-consent', consentChoice.nullable(), null);

export function saveConsent(choice: { analytics: boolean; marketing: boolean }): ConsentChoice {
  const value: ConsentChoice = { necessary: true, ...choice, decidedAt: new Date().toISOString() };
  consentSetting.set(value);
  useConsentUi.setState({ reopened: false });
  return value;
}

/** Whether the visitor re-opened the settings (footer 'Cookie Settings') after choosing once. */
export const useConsentUi = create<{ reopened: boolean }>(() => ({ reopened: false }));

export function openConsentSettings() {
  useConsentUi.setState({ reopened: true });
}
