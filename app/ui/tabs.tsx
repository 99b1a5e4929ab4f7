import type { Key, ReactNode } from 'react';
import { Tab as AriaTab, TabList as AriaTabList, TabPanel as AriaTabPanel, Tabs as AriaTabs } from 'react-aria-components';
import * as s from './widgets.css';

/** Tabs with arrow-key navigation (react-aria). Controlled when `selectedKey` is given. */
export function Tabs({
  label,
  selectedKey,
  onSelectionChange,
  tabs,
}: {
  label: string;
  selectedKey?: string;
  onSelectionChange?: (key: string) => void;
  tabs: ReadonlyArray<{ id: string; title: string; content: ReactNode }>;
}) {
  return (
    <AriaTabs className={s.tabs} selectedKey={selectedKey} onSelectionChange={(key: Key) => onSelectionChange?.(String(key))}>
      <AriaTabList aria-label={label} className={s.tabList}>
        {tabs.map((t) => (
          <AriaTab key={t.id} id={t.id} className={s.tab}>
            {t.title}
          </AriaTab>
        ))}
      </AriaTabList>
      {tabs.map((t) => (
        <AriaTabPanel key={t.id} id={t.id} className={s.tabPanel}>
          {t.content}
        </AriaTabPanel>
      ))}
    </AriaTabs>
  );
}
