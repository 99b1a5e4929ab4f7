import { oneOf, searchOf, text, type Checked } from './search-params';

/** The /settings tabs; `?tab=subscription` is where "Unlock All Features" and upgrade hints point. */
export const settingsTab = oneOf(['account', 'appearance', 'notifications', 'data', 'subscription']);
export type SettingsTab = Checked<typeof settingsTab>;

/** `/settings` search: an unknown tab falls back to the default rather than failing the page. */
export const settingsSearch = searchOf({
  tab: settingsTab,
  /** Set by the card provider's return to ?tab=subscription after checkout. */
  reference: text(100),
});
