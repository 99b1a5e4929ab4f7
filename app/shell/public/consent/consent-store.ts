import { create } from 'zustand';
import { check } from '../../../routes/search-params';
import { localSetting } from '../../../kit/local-setting';

/** What the visitor agreed to (spec §4 "Cookie consent"). Necessary cookies are always on. */
export interface ConsentChoice {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  decidedAt: string;
}

function isConsentChoice(value: unknown): value is ConsentChoice {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.necessary === true && typeof v.analytics === 'boolean' && typeof v.marketing === 'boolean' && typeof v.decidedAt === 'string';
}

/** A stored choice, or null when the visitor has not chosen. */
export const consentChoice = check('a cookie choice or null', (v): v is ConsentChoice | null => v === null || isConsentChoice(v));

export const consentSetting = localSetting('cookie-consent', consentChoice, null);

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
